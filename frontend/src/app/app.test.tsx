import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from './app.tsx';

function answerWith(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the home page', () => {
  it('shows the brand and lists every category as a card with its image', async () => {
    const fetchMock = answerWith(200, [
      { _id: 'c1', categoryName: 'Sports Bikes', categoryImage: '/uploads/sports.webp' },
      { _id: 'c2', categoryName: 'Scooters', categoryImage: '/uploads/scooters.webp' },
    ]);

    render(<App />);

    expect(screen.getByRole('heading', { level: 1, name: 'BikeHaat' })).toBeInTheDocument();
    expect(screen.getByText(/the marketplace is loading/i)).toBeInTheDocument();

    const sports = await screen.findByRole('link', { name: 'Sports Bikes' });
    expect(sports).toHaveAttribute('href', '/category/c1');
    expect(within(sports).getByRole('presentation')).toHaveAttribute(
      'src',
      '/uploads/sports.webp',
    );
    const scooters = screen.getByRole('link', { name: 'Scooters' });
    expect(scooters).toHaveAttribute('href', '/category/c2');
    expect(within(scooters).getByRole('presentation')).toHaveAttribute(
      'src',
      '/uploads/scooters.webp',
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/categories', expect.anything());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the categories cannot be loaded', async () => {
    answerWith(500, { error: 'internal', message: 'Something went wrong' });

    render(<App />);

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be loaded/i);
  });
});
