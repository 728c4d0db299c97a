// Keeping the keyboard inside a modal dialog: Tab past its last control comes back to its
// first, Shift+Tab before its first goes to its last; and giving the focus back when it
// closes. Shared by every dialog of the page.
import { useEffect, useState } from 'react';

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [href], [tabindex]:not([tabindex="-1"])';

/** Call from a dialog's keydown handler: wraps Tab around `container`'s controls. */
export function keepTabInside(
  event: { key: string; shiftKey: boolean; preventDefault: () => void },
  container: HTMLElement,
): void {
  if (event.key !== 'Tab') return;
  // Every element, then filtered: document order whatever the selector engine does.
  const focusable = Array.from(container.querySelectorAll<HTMLElement>('*')).filter((element) =>
    element.matches(FOCUSABLE),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** How long after a dialog closes the page may still redraw what it changed (an answer on a slow line). */
const REDRAWN_WITHIN_MS = 5_000;

/**
 * The element that had the focus as the dialog opened (read while rendering: by the time
 * effects run, the dialog's first field has it), and the focus given back to it when the
 * dialog closes. When what the dialog did takes that element away (Book Now becomes "Reserved
 * for you · Pay Now" once the answer is drawn), the focus goes to the next step in the card
 * or section it was in (`data-next-step`), else to that card's first control, instead of to
 * nowhere: the card is watched from the close until the focus has a home there, the reader
 * moves it, or the card is gone.
 */
export function useFocusReturn(): HTMLElement | null {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const around = opener?.closest<HTMLElement>('article, section, main') ?? null;
    return () => {
      opener?.focus();
      if (!around) return;
      /** Whether the focus has settled: elsewhere than the opener, or given a home in the card. */
      const settled = (): boolean => {
        // The page may be gone meanwhile (a closed tab, a test's torn-down document).
        if (typeof document === 'undefined' || !around.isConnected) return true;
        const now = document.activeElement;
        const lost = now === null || now === document.body || !now.isConnected;
        if (!lost) return now !== opener;
        if (opener?.isConnected) return false;
        const controls = Array.from(around.querySelectorAll<HTMLElement>('*')).filter((element) =>
          element.matches(FOCUSABLE),
        );
        const home = around.querySelector<HTMLElement>('[data-next-step]') ?? controls[0];
        home?.focus();
        return home !== undefined;
      };
      if (settled()) return;
      const watch = new MutationObserver(() => {
        if (settled()) stop();
      });
      const timer = window.setTimeout(stop, REDRAWN_WITHIN_MS);
      function stop() {
        watch.disconnect();
        window.clearTimeout(timer);
      }
      watch.observe(around, { childList: true, subtree: true });
    };
  }, [opener]);
  return opener;
}
