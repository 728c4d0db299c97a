// The page's object URLs (a picked photo's preview, a private photo fetched with the
// token) as plain `blob:1`, `blob:2`… addresses, and which of them it let go of: jsdom
// cannot make one from its own files. Restored after each test (`restoreMocks`).
import { vi } from 'vitest';

export function watchObjectUrls() {
  let made = 0;
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    made += 1;
    return `blob:${String(made)}`;
  });
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return {
    /** The addresses made so far, in order. */
    made: () => created.mock.results.map((result) => result.value as string),
    /** The addresses let go of so far. */
    revoked: () => revoked.mock.calls.map(([url]) => url),
  };
}
