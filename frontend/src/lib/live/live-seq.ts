// Where the page's data stands in the live-event log. Every list the server answers
// carries `x-live-seq`: everything up to that event is in it, anything later may not
// be. The live socket catches up from the oldest such position: on its first open it
// asks the server to replay from there, and when a list lands while it is open it
// folds in again the recent events the list may have missed. The reducers are
// idempotent, so an event folded in twice changes nothing.

/** How long a read counts as recent: longer than any fetch takes to land. */
const RECENT_MS = 30_000;

let oldestEver: number | null = null;
let recent: { at: number; seq: number }[] = [];

/** Notes that a list was read at live-event position `seq`. */
export function noteListRead(seq: number): void {
  if (!Number.isSafeInteger(seq) || seq < 0) return;
  oldestEver = oldestEver === null ? seq : Math.min(oldestEver, seq);
  const now = Date.now();
  recent = recent.filter((read) => now - read.at < RECENT_MS);
  recent.push({ at: now, seq });
}

/** The oldest position among every list read so far (for the socket's first resume). */
export function oldestListRead(): number | null {
  return oldestEver;
}

/** The oldest position among lists read recently, which may not have landed yet. */
export function oldestRecentListRead(): number | null {
  const now = Date.now();
  recent = recent.filter((read) => now - read.at < RECENT_MS);
  return recent.length === 0 ? null : Math.min(...recent.map((read) => read.seq));
}

/** Forgets every read (tests). */
export function forgetListReads(): void {
  oldestEver = null;
  recent = [];
}
