// A link the page itself finds spent (no token, or Firebase no longer configured): the page
// says so in the reader's language. Messages from the server or Firebase are shown as
// they come.

/** Thrown where the page itself finds the link no longer valid. */
export class LinkGone extends Error {
  constructor() {
    super('link no longer valid');
  }
}

/** What is wrong with the link: the page's own "no longer valid", or a message as it came. */
export type LinkProblem = 'gone' | { message: string };

export function linkProblemOf(error: unknown): LinkProblem {
  return error instanceof Error && !(error instanceof LinkGone) ? { message: error.message } : 'gone';
}
