// Reads the mails the server wrote to its outbox (`<data-dir>/outbox/*.eml`), as a person
// reads their inbox: the newest link of a kind mailed to an address.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type MailLink = 'verify-email' | 'reset-password';

/** A mail as its reader sees it: the subject and the plain-text part, decoded. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Quoted-printable's bytes: soft line breaks dropped, `=XX` escapes undone. */
function unquote(raw: string): Buffer {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** A header's encoded words (RFC 2047, `=?utf-8?b?…?=`) as text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      (kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64') : unquote(text.replace(/_/g, ' '))).toString('utf8'),
    );
}

/** Headers, unfolded, by lower-case name; and the body after them. */
function split(raw: string): { headers: Map<string, string>; body: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: rest.join('\n\n') };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return unquote(body).toString('utf8');
  return body;
}

/** A mail file read as its reader reads it: the text part of a multipart mail, or its one body. */
function parseMail(raw: string): Mail {
  const { headers, body } = split(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  let text = decodeBody(headers, body);
  if (boundary) {
    const parts = body.split(`--${boundary}`).map((part) => split(part.replace(/^\r?\n/, '')));
    const plain = parts.find((part) => (part.headers.get('content-type') ?? '').startsWith('text/plain'));
    if (plain) text = decodeBody(plain.headers, plain.body);
  }
  return { to: decodeWords(headers.get('to') ?? ''), subject: decodeWords(headers.get('subject') ?? ''), text };
}

/** Every mail in the outbox, oldest first. */
async function outbox(dataDir: string): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await readdir(join(dataDir, 'outbox'))).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => parseMail(await readFile(join(dataDir, 'outbox', name), 'utf8'))));
}

const linkOf = (mail: Mail, kind: MailLink) =>
  new RegExp(`https?://\\S+/${kind}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];

/** The newest mail to `to` that carries a `kind` link, waiting up to ten seconds for it. */
export async function readMail(dataDir: string, to: string, kind: MailLink): Promise<Mail & { link: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await outbox(dataDir)).filter((mail) => mail.to.includes(to));
    const newest = mails.reverse().find((mail) => linkOf(mail, kind) !== undefined);
    const link = newest && linkOf(newest, kind);
    if (newest && link) return { ...newest, link };
    if (Date.now() > deadline) throw new Error(`no ${kind} mail reached ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The newest `kind` link mailed to `to`, waiting up to ten seconds for it. */
export async function readMailLink(dataDir: string, to: string, kind: MailLink): Promise<string> {
  return (await readMail(dataDir, to, kind)).link;
}

/**
 * The code in the newest SMS the server wrote to `number` (`+8801…`) in its outbox
 * (`<data-dir>/outbox/*.sms`: a `To:` line, a blank line, the text, which starts with the
 * six-digit code), waiting up to ten seconds for one.
 */
export async function readSmsCode(dataDir: string, number: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    let names: string[] = [];
    try {
      names = (await readdir(join(dataDir, 'outbox'))).filter((name) => name.endsWith('.sms')).sort();
    } catch {
      // No outbox yet.
    }
    for (const name of names.reverse()) {
      const [head = '', text = ''] = (await readFile(join(dataDir, 'outbox', name), 'utf8')).split('\n\n');
      const code = /^\d{6}/.exec(text)?.[0];
      if (head === `To: ${number}` && code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no SMS reached ${number} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
