/** `ws(s)://<this host>/api/live`: the page's own origin (the server refuses others). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/live`;
}

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0-based): exponential, capped at 30 s,
 * with full jitter so a restarted server is not hit by every page at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
