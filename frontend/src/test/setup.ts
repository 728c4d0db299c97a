import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

beforeEach(() => {
  // jsdom does not implement scrolling; the router's ScrollRestoration calls it.
  window.scrollTo = () => undefined;
});

// Vitest runs without globals, so Testing Library cannot register this itself.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
