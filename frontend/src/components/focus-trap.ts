// Keeping the keyboard inside a modal dialog: Tab past its last control comes back to its
// first, Shift+Tab before its first goes to its last. Shared by every dialog of the page.

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
