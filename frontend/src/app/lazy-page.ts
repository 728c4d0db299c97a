// Lazily loaded pages: a chunk that does not arrive within 120 s, or is
// missing (an old tab after a deploy), becomes a route error the error page reports.
import type { ComponentType } from 'react';

const CHUNK_TIMEOUT_MS = 120_000;

/** The message of a page whose code did not arrive in time. */
export const CHUNK_TIMED_OUT = 'Loading the page timed out.';

/**
 * Whether `error` is a page's code that could not be fetched: each browser says it in
 * its own words (Chrome and Edge "Failed to fetch dynamically imported module", Firefox
 * "error loading dynamically imported module", Safari "Importing a module script
 * failed"), and Vite's preload helper "Unable to preload CSS".
 */
export function isMissingChunk(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|The page could not be loaded/i.test(
      error.message,
    )
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(CHUNK_TIMED_OUT));
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
