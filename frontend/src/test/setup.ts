import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// jsdom has <dialog> but not its methods: they open and close it as a browser does, without
// the top layer (the dialogs move focus and keep Tab inside themselves).
if (!('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.open = true;
    },
    close(this: HTMLDialogElement) {
      this.open = false;
    },
  });
}

// A page's first render loads its lazy route and answers from the fake server: a second
// is plenty on an idle machine, not on two cores busy with the rest of the suite. What
// a test waits for still has to come; it only may take longer.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // jsdom does not implement scrolling; the router's ScrollRestoration calls it.
  window.scrollTo = () => undefined;
  // Nor scrolling an element into view, which a link to a place on a page does.
  Element.prototype.scrollIntoView = () => undefined;
});

// Vitest runs without globals, so Testing Library cannot register this itself.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
