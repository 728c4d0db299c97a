import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '@/test/render-app.tsx';

describe('the Give a Review form', () => {
  it('sends nothing and says it will be functional very soon', async () => {
    const fetchMock = fakeServer({ 'GET /api/categories': [200, []], 'GET /api/advertise': [200, []] });
    renderApp('/');

    await userEvent.type(await screen.findByLabelText('Full name'), 'Nusrat Jahan');
    await userEvent.type(screen.getByLabelText('Email'), 'nusrat@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Great bikes!');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('It will be functional very soon.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/reviews');
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
