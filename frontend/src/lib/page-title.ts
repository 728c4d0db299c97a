// The browser tab's title for the page on screen: "Yamaha FZ-S V3 · BikeHaat" rather than
// the same site title on every tab, in the history and on a shared link's bookmark.
import { useEffect } from 'react';

export const SITE_TITLE = 'BikeHaat — used motorcycles, bought and sold live';

/** Shows `title` in the tab while the calling page is on screen; null keeps the site's. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · BikeHaat` : SITE_TITLE;
    return () => {
      document.title = SITE_TITLE;
    };
  }, [title]);
}
