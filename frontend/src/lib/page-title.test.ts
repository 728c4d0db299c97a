import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE_TITLE, usePageTitle } from '@/lib/page-title.ts';

describe('usePageTitle', () => {
  it('names the page in the tab while it is on screen, then gives the site title back', () => {
    const page = renderHook<undefined, { title: string | null }>(
      ({ title }) => {
        usePageTitle(title);
      },
      { initialProps: { title: 'Yamaha FZ-S V3' } },
    );
    expect(document.title).toBe('Yamaha FZ-S V3 · BikeHaat');
    page.rerender({ title: 'Bajaj Pulsar N160' });
    expect(document.title).toBe('Bajaj Pulsar N160 · BikeHaat');
    page.rerender({ title: null });
    expect(document.title).toBe(SITE_TITLE);
    page.rerender({ title: 'Honda Hornet' });
    page.unmount();
    expect(document.title).toBe(SITE_TITLE);
  });
});
