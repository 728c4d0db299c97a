// Keyboard and screen-reader readers move between pages as sighted mouse users do: a
// "Skip to the page" link first in the tab order, and after every move to another page
// the focus on that page's heading, so the reader hears where they are and Tab goes on
// from the top of the new page, not from a link of the old one. A link to a place on a
// page (`/blog#meeting-a-seller-safely`) lands on that place instead, once it is there.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useT } from '@/lib/i18n/language-context.ts';
import { pageFocusMessages } from './page-focus.messages.ts';

/** How long a new page may take to show its heading (its code and data arriving). */
const WAIT_FOR_HEADING_MS = 5000;

/**
 * Focuses the new page's heading (or the place its address names after `#`) after a
 * move to another path, unless the page put the focus somewhere itself.
 */
export function useFocusOnPageChange(): void {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const place = hash.length > 1 ? placeOf(hash.slice(1)) : null;
    // The first page is where the browser put the reader: nothing to move, unless the
    // address names a place the page only draws once its code has arrived.
    if (first.current) {
      first.current = false;
      if (!place) return;
    }
    let done = false;
    /** `asked`: the place the address names; null for the page's heading. */
    const focusHeading = (asked: string | null = place): boolean => {
      const target = asked ? document.getElementById(asked) : null;
      const heading = target ?? (asked ? null : document.querySelector<HTMLElement>('main h1, main h2'));
      if (!heading) return false;
      if (target) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.scrollIntoView({ block: 'start' });
        target.focus({ preventScroll: true });
        return true;
      }
      // A page that focused something of its own (a form's field, a question) keeps it;
      // a focus left on the link that led here, or on nothing, moves to the heading.
      const active = document.activeElement;
      const ownedByPage =
        active !== null &&
        active.isConnected &&
        (document.getElementById('main')?.contains(active) === true || active.closest('dialog') !== null);
      if (!ownedByPage) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    // After the page's own effects have run.
    const timer = window.setTimeout(() => {
      if (done || focusHeading()) {
        done = true;
        return;
      }
      // The heading comes with the page's code or data: watch for it a while.
      const observer = new MutationObserver(() => {
        if (focusHeading()) {
          done = true;
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
      window.setTimeout(() => {
        observer.disconnect();
        // A place the page never drew (a guide since renamed, a mistyped link): the
        // reader lands on the page's heading instead of where the old page left them.
        if (!done && place) focusHeading(null);
        done = true;
      }, WAIT_FOR_HEADING_MS);
    }, 0);
    return () => {
      done = true;
      window.clearTimeout(timer);
    };
  }, [pathname, hash]);
}

/** The id an address's `#…` names; a malformed escape names nothing. */
function placeOf(fragment: string): string | null {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return null;
  }
}

/** The first thing Tab reaches: jumps past the top bar to the page. */
export function SkipLink() {
  const t = useT(pageFocusMessages);
  return (
    <a
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus();
      }}
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg ring-2 ring-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('skip')}
    </a>
  );
}
