// A message's words. Addresses (http and https) become links only once both sides have
// written in the conversation: a stranger's first message cannot lead anyone to a page
// that asks for money or passwords. Links open in a new tab, telling the page nothing of
// where they came from, and do not count as the site recommending them.
import type { ReactNode } from 'react';

/** An http(s) address in running text; punctuation at its end belongs to the sentence. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,!?;:)\]}'"]+$/;

export function MessageText({ text, linksLive, mine }: { text: string; linksLive: boolean; mine: boolean }) {
  if (!linksLive) return <p className="break-words whitespace-pre-line">{text}</p>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const href = match[0].replace(TRAILING, '');
    parts.push(text.slice(at, match.index), (
      <a
        key={match.index}
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={`break-all underline ${mine ? 'text-white' : 'text-brand-800'}`}
      >
        {href}
      </a>
    ));
    at = match.index + href.length;
  }
  parts.push(text.slice(at));
  return <p className="break-words whitespace-pre-line">{parts}</p>;
}

/** Whether both sides have written in the conversation (the messages loaded so far). */
export function bothHaveWritten(messages: readonly { from?: string | null }[], me: string): boolean {
  return messages.some((m) => m.from === me) && messages.some((m) => m.from != null && m.from !== me);
}
