// `GET /api/categories`: the bike categories shown on the home page.
import { useEffect, useState } from 'react';

/** A category of bikes, as the server sends it (spec §3). */
export interface Category {
  _id: string;
  categoryName: string;
  categoryImage: string;
}

/** Fetches every category; visitors may call it without signing in. */
export async function getCategories(signal: AbortSignal): Promise<Category[]> {
  const response = await fetch('/api/categories', {
    signal,
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) {
    throw new Error(`GET /api/categories answered ${String(response.status)}`);
  }
  const body: unknown = await response.json();
  if (!Array.isArray(body)) {
    throw new Error('GET /api/categories did not answer with a list');
  }
  return body as Category[];
}

export type CategoriesState =
  | { status: 'loading' }
  | { status: 'ready'; categories: Category[] }
  | { status: 'error' };

/**
 * Loads the categories once when the component mounts.
 * A placeholder until the query cache (TanStack Query, DESIGN.md) arrives.
 */
export function useCategories(): CategoriesState {
  const [state, setState] = useState<CategoriesState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getCategories(controller.signal).then(
      (categories) => {
        setState({ status: 'ready', categories });
      },
      () => {
        // An abort means the component went away: nobody is left to tell.
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => {
      controller.abort();
    };
  }, []);

  return state;
}
