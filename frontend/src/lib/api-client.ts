// The one way the page talks to the BikeHaat server: base URL, bearer token,
// the server's error body (docs/architecture.md, 'Errors') turned into an `ApiError`, and 401 → sign-in page.
import { clearSession, getAccessToken } from './auth/session-store.ts';
import { noteListRead } from './live/live-seq.ts';
import { acceptLanguage, currentLocale } from './i18n/locale.ts';
import type { Locale } from './i18n/numbers.ts';
import { isKeyOf, sayByCode, translate } from './i18n/catalog.ts';
import {
  apiErrorMessages,
  fieldCodeMessages,
  reasonMessages,
  throttledMessages,
  type Throttled,
} from './api/api-errors.messages.ts';
import type { components } from './api/schema.d.ts';
import { ANSWER_WITHIN_MS, noteAnswered, noteUnanswered } from './connection/connection.ts';

/** Empty: the page is served by `bikehaat` itself, or by Vite proxying `/api`. */
const BASE_URL = '';

/**
 * A failed call, carrying the server's `{error, message, fields, codes, reason}` body, its
 * message and fields in the page's language (the server writes English; on a Bangla
 * page each field's code, and the refusal's reason, give its Bangla).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** The stable code of each field's problem, as the server gave it. */
  readonly codes: Record<string, string>;
  /** Why the server said no, as its stable code, when it named one (`already_sold`). */
  readonly reason: string | null;
  /** On a 429, the seconds to wait before trying again. */
  readonly retryAfter: number | null;
  /**
   * Each field's message as the server wrote it (English), before `fields` put it in the
   * page's language: what a page reads a number from ("4 tries left").
   */
  readonly serverFields: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    codes: Record<string, string> = {},
    reason: string | null = null,
    retryAfter: number | null = null,
    serverFields: Record<string, string> = fields,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.codes = codes;
    this.reason = reason;
    this.retryAfter = retryAfter;
    this.serverFields = serverFields;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart (uploads). */
  formData?: FormData;
  /**
   * Which bearer token to send: by default the stored access token; a string sends that
   * token (the identity token between the two sign-in steps); `null` sends none.
   */
  token?: string | null;
  signal?: AbortSignal;
  /**
   * A create that must happen once: it carries an `Idempotency-Key`, the same one when
   * the same write is sent again after no answer came (a dropped connection, a 5xx), so
   * the server does it once and answers the retry as it answered the first.
   */
  once?: boolean;
  /**
   * The answer is a file (a private photo only admins may see), answered as a `Blob`
   * rather than parsed: what an `<img src>` cannot load, since it sends no bearer token.
   */
  blob?: boolean;
}

/** Keys of writes sent but not answered yet, by method, path and body. */
const unansweredWrites = new Map<string, string>();

/** A new key: random, and made without `crypto.randomUUID` (missing on plain-http LAN addresses). */
function newWriteKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let unauthorizedHandler: () => void = () => {
  window.location.assign('/login');
};

/** The app decides how to reach the sign-in page (the router, not a reload). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/**
 * The stored session has ended on the server (it answered 401, or the live socket said
 * so): forget it here too and go to the sign-in page.
 */
export function endStoredSession(): void {
  clearSession();
  unauthorizedHandler();
}

type ErrorBody = components['schemas']['ErrorBody'];

function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string' &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

/**
 * Calls `/api{path}` and answers the parsed JSON body.
 * Throws `ApiError` for any non-2xx answer and for a network failure (status 0).
 */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const usesStoredToken = request.token === undefined;
  const token = usesStoredToken ? getAccessToken() : request.token;
  const headers = new Headers({
    Accept: request.blob ? 'image/*, application/json' : 'application/json',
    'Accept-Language': acceptLanguage(currentLocale()),
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (request.formData) {
    body = request.formData;
  } else if (request.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.json);
  }

  const write = request.once ? `${request.method ?? 'GET'} ${path} ${typeof body === 'string' ? body : ''}` : null;
  if (write !== null) {
    const key = unansweredWrites.get(write) ?? newWriteKey();
    unansweredWrites.set(write, key);
    headers.set('Idempotency-Key', key);
  }

  // A read whose answer has not begun within ANSWER_WITHIN_MS is given up (and retried
  // by its query): a broken connection often drops packets instead of failing. A write
  // waits as long as it takes, since giving up would not undo it.
  const method = request.method ?? 'GET';
  const waited = method === 'GET' ? new AbortController() : null;
  const timer = waited
    ? setTimeout(() => {
        waited.abort();
      }, ANSWER_WITHIN_MS)
    : undefined;
  const signals = [request.signal, waited?.signal].filter((signal) => signal !== undefined);
  let response: Response;
  try {
    response = await fetch(`${BASE_URL}/api${path}`, {
      method,
      headers,
      body: body ?? null,
      signal: signals.length > 1 ? AbortSignal.any(signals) : (signals[0] ?? null),
    });
  } catch (cause) {
    const gaveUp = waited?.signal.aborted === true && request.signal?.aborted !== true;
    if (!gaveUp && cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    noteUnanswered();
    throw new ApiError(0, 'network', translate(apiErrorMessages, currentLocale(), 'unreachable'));
  } finally {
    clearTimeout(timer);
  }
  noteAnswered();

  // Answered: the same write sent later is a new one (a 5xx may not have been done).
  if (write !== null && response.status < 500) unansweredWrites.delete(write);
  if (request.blob && response.ok) return (await response.blob()) as T;
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }

  if (!response.ok) {
    // Only the stored access token can have expired; a refused identity token belongs
    // to a sign-in in progress, which shows its own error.
    if (response.status === 401 && usesStoredToken && token) endStoredSession();
    if (isErrorBody(parsed)) {
      // A failure on our side names the id the server logged it under, so whoever
      // reports it gives support something to find.
      const reference = response.status >= 500 ? response.headers.get('x-request-id') : null;
      const said = inPageLanguage(parsed);
      const message = reference
        ? translate(apiErrorMessages, currentLocale(), 'reference', { message: said.message, reference })
        : said.message;
      throw new ApiError(
        response.status,
        parsed.error,
        message,
        said.fields,
        parsed.codes ?? {},
        parsed.reason ?? null,
        parsed.retryAfter ?? null,
        { ...parsed.fields },
      );
    }
    throw new ApiError(
      response.status,
      'http',
      translate(apiErrorMessages, currentLocale(), 'answered', { status: String(response.status) }),
    );
  }
  const liveSeq = response.headers.get('x-live-seq');
  if (liveSeq !== null && (request.method ?? 'GET') === 'GET') noteListRead(Number(liveSeq));
  return parsed as T;
}

/**
 * A reason the server gave beside its English (`reason` and `reasonCode` fields): that
 * English on an English page or for a code this page does not know yet, else the page's
 * own words for the code.
 */
export function sayReason(locale: Locale, code: unknown, english: string): string {
  return sayByCode(reasonMessages, locale, code, english);
}

/** What a throttle held back and how long to wait, as the server words it (seconds up to 90, then minutes). */
function throttledMessage(locale: Locale, what: Throttled, retryAfter: number): string {
  const said = translate(throttledMessages, locale, what);
  return retryAfter <= 90
    ? translate(apiErrorMessages, locale, 'waitSeconds', { what: said, seconds: retryAfter })
    : translate(apiErrorMessages, locale, 'waitMinutes', { what: said, minutes: Math.ceil(retryAfter / 60) });
}

/**
 * An error body's message and fields in the page's language: the server's own on an
 * English page; on another, each field with a code this page knows in that language,
 * and the message with them when it was a field's.
 */
function inPageLanguage(body: ErrorBody): { message: string; fields: Record<string, string> } {
  const locale = currentLocale();
  const fields = { ...body.fields };
  if (locale === 'en') return { message: body.message, fields };
  // The body is the server's: a code this page does not know yet (a newer server) is passed over.
  let message =
    isKeyOf(throttledMessages, body.reason) && typeof body.retryAfter === 'number'
      ? throttledMessage(locale, body.reason, body.retryAfter)
      : sayReason(locale, body.reason, body.message);
  for (const [field, code] of Object.entries(body.codes ?? {})) {
    if (!isKeyOf(fieldCodeMessages, code)) continue;
    if (fields[field] === message) message = translate(fieldCodeMessages, locale, code);
    fields[field] = translate(fieldCodeMessages, locale, code);
  }
  if (body.error === 'validation' && Object.keys(fields).length > 1) {
    message = translate(apiErrorMessages, locale, 'fieldsNeedAttention');
  }
  return { message, fields };
}
