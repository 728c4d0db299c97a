// Lazily loaded pages: a chunk that does not arrive within 120 s, or is
// missing (an old tab after a deploy), becomes a route error the error page reports.
import type { ComponentType } from 'react';

const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('Loading the page timed out.'));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('The page could not be loaded.'));
      },
    );
  });
}

/** A route's `lazy` that loads `load()` and renders the component `pick` chooses. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const module = await withTimeout(load(), CHUNK_TIMEOUT_MS);
    return { Component: pick(module) };
  };
}

/** Loads a page's module with the same time limit, for routes that need more than its component. */
export function loadPageModule<M>(load: () => Promise<M>): Promise<M> {
  return withTimeout(load(), CHUNK_TIMEOUT_MS);
}
