// The signed-in person's phone, confirmed by a code sent to it by SMS (docs/trust.md,
// "Phones confirmed by a code"), in two steps: the mobile number and "Send code", then
// the six digits from the SMS (filled in by the phone where it offers to, typed in Latin
// or Bengali digits) and "Confirm". A new code may be asked for once the server's wait
// has passed (counted down on the button), or the number changed. A refusal the server
// ties to a field shows under it; any other above the buttons, in the page's language.
// Confirmed, it says "Phone verified" with the number, and the account's view (the
// session's profile) carries it on every page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client.ts';
import { confirmPhoneMutation, sendPhoneCodeMutation, type PhoneCodeSent } from '@/lib/auth/phone-check.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits, type Locale } from '@/lib/i18n/numbers.ts';
import { codeDigits, isSixDigits, localPhone, mobileNumber } from '@/lib/phone-number.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { failureLook } from './dialog-form-footer.tsx';
import { FieldInput, FormField } from './form-field.tsx';
import { CheckCircleIcon, PhoneIcon } from './icons.tsx';
import { phoneCheckMessages } from './phone-check.messages.ts';

type Say = ReturnType<typeof useT<keyof (typeof phoneCheckMessages)['en']>>;

/** Where the check stands: above the listing form, or on the person's dashboard. */
export type PhoneCheckPlace = 'listing' | 'account';

/** A code on its way: to which number, and from when another may be asked for (ms). */
interface Sent {
  /** Counts the codes sent: each new one starts its step afresh. */
  round: number;
  phone: string;
  resendAt: number;
  /** When the wait till `resendAt` was given. */
  waitFrom: number;
  /** The server said the code is spent (expired, used, or five wrong): only a new one helps. */
  spent: boolean;
  /** Said after a code asked for again went. */
  again: boolean;
}

const primaryButton =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto';
const quietButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 underline decoration-brand-300 underline-offset-2 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-stone-500 disabled:no-underline disabled:hover:bg-transparent';

const sendCode = sendPhoneCodeMutation();

/** Where the six digits go: the same in both languages. */
const DOTS = '••••••';

/** How a Bangladeshi mobile number is written, as the number field's example. */
const NUMBER_SHAPE = '01XXX-XXXXXX';

export function PhoneCheck({
  place,
  headingLevel: Heading = 'h3',
  className = '',
}: {
  place: PhoneCheckPlace;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}) {
  const t = useT(phoneCheckMessages);
  const { user } = useSession();
  const headingId = useId();
  const [sent, setSent] = useState<Sent | null>(null);
  // The number typed last, kept for "Change number".
  const [typed, setTyped] = useState('');
  // "Use another number" from a confirmed one.
  const [changing, setChanging] = useState(false);
  // The number confirmed here and now: shown at once, whatever the account's view still says.
  const [justConfirmed, setJustConfirmed] = useState<string | null>(null);
  if (!user) return null;
  const confirmed = justConfirmed ?? (user.phoneVerified && user.phone ? user.phone : null);

  const onSent = (answer: PhoneCodeSent, again: boolean) => {
    const now = Date.now();
    setSent((last) => ({
      round: (last?.round ?? 0) + 1,
      phone: answer.phone,
      resendAt: now + answer.resendAfter * 1000,
      waitFrom: now,
      spent: false,
      again,
    }));
  };

  let body;
  if (sent) {
    body = (
      <CodeStep
        key={sent.round}
        email={user.email}
        sent={sent}
        t={t}
        onSent={onSent}
        onSpent={() => {
          setSent({ ...sent, spent: true });
        }}
        onWait={(seconds) => {
          const now = Date.now();
          setSent({ ...sent, resendAt: now + seconds * 1000, waitFrom: now });
        }}
        onChangeNumber={() => {
          setSent(null);
        }}
        onConfirmed={(phone) => {
          setSent(null);
          setChanging(false);
          setJustConfirmed(phone);
        }}
      />
    );
  } else if (confirmed && !changing) {
    body = (
      <Confirmed
        phone={confirmed}
        t={t}
        focus={justConfirmed !== null}
        onChange={() => {
          setTyped('');
          setJustConfirmed(null);
          setChanging(true);
        }}
      />
    );
  } else {
    body = (
      <NumberStep
        initial={typed}
        focus={typed !== '' || changing}
        t={t}
        email={user.email}
        onSent={(answer, written) => {
          setTyped(written);
          onSent(answer, false);
        }}
      />
    );
  }

  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <PhoneIcon className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        {t(place === 'listing' ? 'listingTitle' : 'accountTitle')}
      </Heading>
      <p className="mt-1 text-sm text-stone-600">{t(place === 'listing' ? 'listingWhy' : 'accountWhy')}</p>
      <div className="mt-4">{body}</div>
    </section>
  );
}

/** Step 1: the number, and "Send code". */
function NumberStep({
  initial,
  focus,
  email,
  t,
  onSent,
}: {
  initial: string;
  /** Come back to ("Change number", "Use another number"): the field takes the focus. */
  focus: boolean;
  email: string;
  t: Say;
  onSent: (answer: PhoneCodeSent, written: string) => void;
}) {
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const sending = useMutation(sendCode);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<{ phone: string }>({ defaultValues: { phone: initial } });
  // Back from "Change number", the number is there to correct; or another to type.
  useEffect(() => {
    if (focus) setFocus('phone');
  }, [focus, setFocus]);

  const onSubmit = async ({ phone }: { phone: string }) => {
    if (sending.isPending) return;
    setFailure(null);
    const number = mobileNumber(phone);
    if (number === null) {
      setError('phone', { type: 'local', message: t('phoneInvalid') }, { shouldFocus: true });
      return;
    }
    try {
      onSent(await sending.mutateAsync(number), phone.trim());
    } catch (error) {
      const field = error instanceof ApiError ? fieldMessage(error, 'phone', locale, t) : undefined;
      if (field) {
        setError('phone', { type: 'server', message: field }, { shouldFocus: true });
        return;
      }
      // Confirmed here already (in another tab, say): the account is read again and says so.
      if (error instanceof ApiError && error.reason === 'phone_confirmed_already') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.user(email) });
      }
      setFailure(error instanceof Error ? error.message : t('failed'));
    }
  };

  const hintId = 'phone-check-number-hint';
  const error = errors.phone?.message;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-3">
      <FormField id="phone-check-number" label={t('phone')} error={error}>
        <FieldInput
          id="phone-check-number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={localDigits(NUMBER_SHAPE, locale)}
          error={error}
          aria-describedby={error ? `phone-check-number-error ${hintId}` : hintId}
          className="sm:max-w-xs"
          {...register('phone', { validate: (value) => value.trim() !== '' || t('phoneInvalid') })}
        />
      </FormField>
      <p id={hintId} className="-mt-1.5 text-xs text-stone-500">
        {t('phoneHint')}
      </p>
      {failure && (
        <p role="alert" className={`${failureLook} mt-0`}>
          {failure}
        </p>
      )}
      <div>
        <button type="submit" disabled={sending.isPending} aria-busy={sending.isPending} className={primaryButton}>
          {sending.isPending ? t('sending') : t('sendCode')}
        </button>
      </div>
    </form>
  );
}

/** Step 2: the code from the SMS, "Confirm", a new code once the wait is over, or another number. */
function CodeStep({
  email,
  sent,
  t,
  onSent,
  onSpent,
  onWait,
  onChangeNumber,
  onConfirmed,
}: {
  email: string;
  sent: Sent;
  t: Say;
  onSent: (answer: PhoneCodeSent, again: boolean) => void;
  onSpent: () => void;
  onWait: (seconds: number) => void;
  onChangeNumber: () => void;
  onConfirmed: (phone: string) => void;
}) {
  const { locale } = useLanguage();
  const confirming = useMutation(confirmPhoneMutation(email));
  const resending = useMutation(sendCode);
  const [failure, setFailure] = useState<string | null>(null);
  const secondsLeft = useSecondsUntil(sent.resendAt, sent.waitFrom);
  const shown = localPhone(sent.phone);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  // The keyboard opens on the code, and the phone offers the one the SMS brought.
  useEffect(() => {
    if (!sent.spent) setFocus('code');
  }, [sent.spent, setFocus]);

  const onSubmit = async ({ code }: { code: string }) => {
    if (confirming.isPending) return;
    setFailure(null);
    try {
      onConfirmed((await confirming.mutateAsync(code)).phone);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(error instanceof Error ? error.message : t('failed'));
        return;
      }
      const field = fieldMessage(error, 'code', locale, t);
      // The fifth wrong code spends it: the field goes, only a new code helps now.
      if (field && triesLeft(error) === 0) {
        setFailure(field);
        onSpent();
        return;
      }
      if (field) {
        setError('code', { type: 'server', message: field }, { shouldFocus: true });
        return;
      }
      setFailure(error.message);
      if (error.reason === 'code_expired') onSpent();
    }
  };

  const resend = async () => {
    if (resending.isPending) return;
    setFailure(null);
    try {
      onSent(await resending.mutateAsync(sent.phone), true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('failed'));
      if (error instanceof ApiError && error.retryAfter !== null) onWait(error.retryAfter);
    }
  };

  const waiting = secondsLeft > 0;
  const resendLabel = resending.isPending
    ? t('sending')
    : waiting
      ? t('resendIn', { time: clock(secondsLeft, locale) })
      : t('resend');
  const resendButton = (
    <button
      type="button"
      disabled={waiting || resending.isPending}
      aria-busy={resending.isPending}
      onClick={() => void resend()}
      className={sent.spent ? primaryButton : `${quietButton} tabular-nums`}
    >
      {resendLabel}
    </button>
  );
  const error = errors.code?.message;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p role="status" className="text-sm text-stone-800">
          {t(sent.again ? 'newCodeSent' : 'codeSent', { phone: localDigits(shown, locale) })}
        </p>
        <button type="button" onClick={onChangeNumber} className={`${quietButton} -ml-1 min-h-9 py-1`}>
          {t('changeNumber')}
        </button>
      </div>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-3">
        {!sent.spent && (
          <FormField id="phone-check-code" label={t('code')} error={error}>
            <FieldInput
              id="phone-check-code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={DOTS}
              error={error}
              className="max-w-56 pl-[0.4em] text-center font-mono text-2xl tracking-[0.4em] tabular-nums"
              {...register('code', {
                // A Bangla keyboard types Bengali digits: the server reads them as the code's.
                setValueAs: (value: string) => codeDigits(value),
                validate: (value) => isSixDigits(value) || t('codeInvalid'),
              })}
            />
          </FormField>
        )}
        {failure && (
          <p role="alert" className={`${failureLook} mt-0`}>
            {failure}
          </p>
        )}
        {sent.spent ? (
          <div>{resendButton}</div>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <button
              type="submit"
              disabled={confirming.isPending}
              aria-busy={confirming.isPending}
              className={primaryButton}
            >
              {confirming.isPending ? t('confirming') : t('confirm')}
            </button>
            {resendButton}
          </div>
        )}
      </form>
    </div>
  );
}

/** Confirmed: "Phone verified" with the number, and a way to confirm another. */
function Confirmed({
  phone,
  t,
  focus,
  onChange,
}: {
  phone: string;
  t: Say;
  /** Just confirmed: the form it replaced had the focus, which comes here. */
  focus: boolean;
  onChange: () => void;
}) {
  const { locale } = useLanguage();
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) said.current?.focus();
  }, [focus]);
  return (
    <div
      ref={said}
      tabIndex={-1}
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-emerald-50 px-4 py-3 ring-1 ring-emerald-200 focus:outline-none"
    >
      <p className="flex items-center gap-1.5 font-semibold text-emerald-900">
        <CheckCircleIcon className="size-5 shrink-0" aria-hidden="true" />
        {t('verified')}
      </p>
      <p className="font-semibold text-stone-800 tabular-nums">{localDigits(localPhone(phone), locale)}</p>
      <button type="button" onClick={onChange} className={`${quietButton} min-h-9 py-1 sm:ml-auto`}>
        {t('useAnother')}
      </button>
    </div>
  );
}

/**
 * The message for `field` the server gave, in the page's words: on an English page the
 * server's own; on a Bangla page this check's, for the codes the server shares with the
 * handover code (whose Bangla speaks of the buyer's code) and the number's, whose generic
 * Bangla would not say what a mobile number looks like. A wrong code says the tries left.
 */
function fieldMessage(error: ApiError, field: 'phone' | 'code', locale: Locale, t: Say): string | undefined {
  const message = error.fields[field];
  if (message === undefined) return undefined;
  if (locale === 'en') return error.serverFields[field] ?? message;
  switch (error.codes[field]) {
    case 'invalid_phone':
      return t('phoneInvalid');
    case 'code_shape':
      return t('codeInvalid');
    case 'wrong_code_last_try':
      return t('wrongCodeLastTry');
    case 'wrong_code': {
      const left = triesLeft(error);
      if (left === 0) return t('wrongCodeLastTry');
      return left === null ? t('wrongCodeNoCount') : t('wrongCode', { left, shown: localDigits(String(left), locale) });
    }
    default:
      return message;
  }
}

/**
 * The tries a wrong code left: none after the last (`wrong_code_last_try`), else as its
 * message says them ("4 tries left", "one try left"); null when it does not.
 */
function triesLeft(error: ApiError): number | null {
  if (error.codes.code === 'wrong_code_last_try') return 0;
  if (error.codes.code !== 'wrong_code') return null;
  const said = /\b(\d+|one) tr(?:y|ies) left/i.exec(error.serverFields.code ?? '')?.[1];
  if (said === undefined) return null;
  return said.toLowerCase() === 'one' ? 1 : Number(said);
}

/** Seconds as a wait on a clock: 45 → "0:45", 90 → "1:30", in the page's digits. */
function clock(seconds: number, locale: Locale): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return localDigits(`${String(minutes)}:${String(rest).padStart(2, '0')}`, locale);
}

/**
 * The whole seconds until `at` (ms since the epoch), from `from` (when the wait was given),
 * counting down to 0 once a second.
 */
function useSecondsUntil(at: number, from: number): number {
  const [clockAt, setClockAt] = useState({ at, now: from });
  // A new wait (a new code, or the server said to wait): counted from when it was given.
  if (clockAt.at !== at) setClockAt({ at, now: from });
  const left = Math.max(0, Math.ceil((at - clockAt.now) / 1000));
  useEffect(() => {
    if (left === 0) return undefined;
    // Woken when the count drops: at the next whole second before `at`.
    const timer = setTimeout(
      () => {
        setClockAt({ at, now: Date.now() });
      },
      Math.max(20, (at - Date.now()) % 1000 || 1000),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [at, clockAt, left]);
  return left;
}
