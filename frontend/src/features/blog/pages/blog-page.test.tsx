import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '@/test/render-app.tsx';

describe('the blog', () => {
  it('holds four articles for riders: buying safely, the papers, a fair price and meeting safely', async () => {
    fakeServer({});
    renderApp('/blog');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guides for buying and selling a used bike' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Buying a used bike safely: what to check before you pay',
      'Paperwork and ownership transfer with BRTA',
      'What a fair price looks like for a used bike',
      'Meeting a seller (or a buyer) safely',
    ]);
    // Each is titled by its heading and says something useful, not a note about the code.
    expect(screen.getByRole('article', { name: /ownership transfer/ })).toHaveTextContent(/registration certificate/);
    expect(screen.getByRole('article', { name: /Meeting a seller/ })).toHaveTextContent(/advance/);
    expect(screen.queryByText(/React|JavaScript|front-end/)).not.toBeInTheDocument();
  });
});
