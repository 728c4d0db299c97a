import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client.ts';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json', ...headers },
        }),
      ),
    ),
  );
}

async function failure(): Promise<ApiError> {
  try {
    await api('/categories', { token: null });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('api errors', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives a server failure the request id as a reference', async () => {
    answer(
      500,
      { error: 'internal', message: 'Something went wrong on our side. Please try again.' },
      { 'x-request-id': '6822b04cb9190a90' },
    );
    const error = await failure();
    expect(error.status).toBe(500);
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Something went wrong on our side. Please try again. Reference: 6822b04cb9190a90');
  });

  it("keeps the server's words as they are for the user's own mistakes", async () => {
    answer(
      422,
      { error: 'validation', message: 'Please fix the marked fields.', fields: { price: 'Price is required' } },
      { 'x-request-id': '6822b04cb9190a90' },
    );
    const error = await failure();
    expect(error.message).toBe('Please fix the marked fields.');
    expect(error.fields).toEqual({ price: 'Price is required' });
  });
});
