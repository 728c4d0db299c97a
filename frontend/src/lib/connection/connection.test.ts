import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client.ts';
import { ANSWER_WITHIN_MS, connection, LIVE_GRACE_MS, noteLiveClosed, noteLiveOpen } from './connection.ts';

/** A server that never answers: the request ends only when it is aborted. */
function silent() {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      (_, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('The operation was aborted.', 'AbortError'));
          });
        }),
    ),
  );
}

function answering() {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }))),
  );
}

describe('the connection', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up a read that gets no answer, says the server is unreachable, and is back at the next answer', async () => {
    vi.useFakeTimers();
    silent();
    const read = api('/categories', { token: null }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS - 1);
    expect(connection()).toBe('online');
    await vi.advanceTimersByTimeAsync(1);
    const error = await read;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(connection()).toBe('unreachable');
    answering();
    await api('/categories', { token: null });
    expect(connection()).toBe('online');
  });

  it('leaves a read its caller cancelled as cancelled, not as a lost connection', async () => {
    silent();
    const cancel = new AbortController();
    const read = api('/categories', { token: null, signal: cancel.signal }).catch((error: unknown) => error);
    cancel.abort();
    const error = await read;
    expect(error).toBeInstanceOf(DOMException);
    expect(connection()).toBe('online');
  });

  it('lets a write wait as long as it takes', async () => {
    vi.useFakeTimers();
    silent();
    let settled = false;
    void api('/orders', { method: 'POST', json: {} }).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS * 4);
    expect(settled).toBe(false);
    expect(connection()).toBe('online');
  });

  it('says the live socket is away once it stays closed past its grace, and is back when it opens', async () => {
    vi.useFakeTimers();
    noteLiveClosed();
    await vi.advanceTimersByTimeAsync(LIVE_GRACE_MS - 100);
    // A blip (a reconnect within the grace) says nothing.
    expect(connection()).toBe('online');
    noteLiveOpen();
    await vi.advanceTimersByTimeAsync(LIVE_GRACE_MS * 2);
    expect(connection()).toBe('online');

    noteLiveClosed();
    // Closing again while waiting does not restart the wait.
    await vi.advanceTimersByTimeAsync(LIVE_GRACE_MS / 2);
    noteLiveClosed();
    await vi.advanceTimersByTimeAsync(LIVE_GRACE_MS / 2);
    expect(connection()).toBe('reconnecting');
    // Unanswered calls say more than a quiet socket.
    silent();
    const read = api('/categories').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS);
    expect(await read).toBeInstanceOf(ApiError);
    expect(connection()).toBe('unreachable');
    answering();
    await api('/categories');
    expect(connection()).toBe('reconnecting');
    noteLiveOpen();
    expect(connection()).toBe('online');
  });

  it('is offline while the browser says so', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(connection()).toBe('offline');
    onLine.mockRestore();
    expect(connection()).toBe('online');
  });
});
