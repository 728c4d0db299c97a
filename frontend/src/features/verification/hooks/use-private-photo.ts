// A pending request's photo as an admin sees it: fetched with the API client's bearer
// token (the server answers it to admins only, `no-store`), shown through an object URL
// that is let go of when the photo leaves the page. Never cached: the next look reads it
// again, and nothing of it stays in the page once it is gone. A long queue reads each
// photo only as it comes near the screen (`useNearScreen`), not every one at once.
import { useCallback, useEffect, useState } from 'react';
import { getVerificationPhoto } from '@/features/verification/api/decide-request.ts';

export type PrivatePhoto =
  | { state: 'loading' }
  | { state: 'shown'; url: string }
  | { state: 'failed'; message: string; retry: () => void };

interface Shown {
  /** The photo and the attempt it belongs to, so a stale answer is never shown. */
  name: string;
  attempt: number;
  url?: string;
  message?: string;
}

function objectUrl(blob: Blob): string {
  // Test environments have no object URLs; the photo then shows as its name.
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '';
}

/**
 * The photo `name`, read once `wanted` (near the screen); `failed` is what a failure says
 * when the server said nothing.
 */
export function usePrivatePhoto(name: string, failed: string, wanted = true): PrivatePhoto {
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    if (!wanted) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    getVerificationPhoto(name, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = objectUrl(blob);
        setShown({ name, attempt, url });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setShown({ name, attempt, ...(error instanceof Error ? { message: error.message } : {}) });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [name, attempt, wanted]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
  }, []);

  if (shown?.name !== name || shown.attempt !== attempt) return { state: 'loading' };
  if (shown.url !== undefined) return { state: 'shown', url: shown.url };
  return { state: 'failed', message: shown.message ?? failed, retry };
}

/** How far off the screen a photo starts loading: about a screen ahead of the reader. */
const AHEAD = '800px 0px';

/**
 * Whether the element given to the returned ref has come near the screen (once it has,
 * it stays so). Without `IntersectionObserver` (tests, old browsers): at once.
 */
export function useNearScreen(): [(element: Element | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<Element | null>(null);
  useEffect(() => {
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near, element]);
  return [setElement, near];
}
