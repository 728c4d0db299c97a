// Reads the mails the server wrote to its outbox (`<data-dir>/outbox/*.eml`), as a person
// reads their inbox: the newest link of a kind mailed to an address.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type MailLink = 'verify-email' | 'reset-password';

/** Undoes quoted-printable: soft line breaks and `=XX` escapes. */
function unquote(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function linksIn(dataDir: string, to: string, kind: MailLink): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(join(dataDir, 'outbox'))).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const links: string[] = [];
  for (const name of names) {
    const text = unquote(await readFile(join(dataDir, 'outbox', name), 'utf8'));
    const addressed = /^To: (.*)$/m.exec(text)?.[1]?.includes(to) ?? false;
    const link = new RegExp(`https?://\\S+/${kind}\\?token=[A-Za-z0-9_-]{43}`).exec(text)?.[0];
    if (addressed && link) links.push(link);
  }
  return links;
}

/** The newest `kind` link mailed to `to`, waiting up to ten seconds for it. */
export async function readMailLink(dataDir: string, to: string, kind: MailLink): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const links = await linksIn(dataDir, to, kind);
    const newest = links.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`no ${kind} mail reached ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
