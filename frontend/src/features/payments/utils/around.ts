// A translated sentence with a link or a name set inside it: the text before and after the
// spot, wherever each language puts it ("Paying as {name} …", "… {name} হিসেবে …").

/** Stands for the inner part while the message is formatted. */
export const SPOT = '\u0000';

/** The sentence's text before and after `SPOT`. */
export function around(text: string): [string, string] {
  const at = text.indexOf(SPOT);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SPOT.length)];
}
