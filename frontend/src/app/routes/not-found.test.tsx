import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '@/test/render-app.tsx';

describe('an unknown address', () => {
  it('says the page was not found and links back to the homepage', async () => {
    fakeServer({});
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: "Sorry, we couldn't find this page" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute('href', '/');
  });
});
