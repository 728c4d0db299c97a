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

/** How long after a dialog closes the page may still be redrawing what it changed. */
const REDRAWN_WITHIN_MS = 100;

/**
 * The element that had the focus as the dialog opened (read while rendering: by the time
 * effects run, the dialog's first field has it), and the focus given back to it when the
 * dialog closes. When what the dialog did took that element away (Book Now became "Reserved
 * for you · Pay Now"), the focus goes to the next step in the card or section it was in
 * (`data-next-step`), else to that card's first control, instead of to nowhere.
 */
export function useFocusReturn(): HTMLElement | null {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const around = opener?.closest<HTMLElement>('article, section, main') ?? null;
    return () => {
      opener?.focus();
      window.setTimeout(() => {
        // The page may be gone meanwhile (a closed tab, a test's torn-down document).
        if (typeof document === 'undefined') return;
        const now = document.activeElement;
        const lost = now === null || now === document.body || !now.isConnected;
        if (!lost || opener?.isConnected || !around?.isConnected) return;
        const controls = Array.from(around.querySelectorAll<HTMLElement>('*')).filter((element) =>
          element.matches(FOCUSABLE),
        );
        (around.querySelector<HTMLElement>('[data-next-step]') ?? controls[0])?.focus();
      }, REDRAWN_WITHIN_MS);
    };
  }, [opener]);
  return opener;
}
