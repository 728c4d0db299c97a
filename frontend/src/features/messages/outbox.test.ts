import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The page loaded afresh: nothing but the browser's storage is left of the last one. */
async function reload() {
  vi.resetModules();
  const outbox = await import('./outbox.ts');
  const { ApiError } = await import('@/lib/api-client.ts');
  const offline = () => Promise.reject(new ApiError(0, 'network', 'Could not reach BikeHaat.'));
  const refused = (message: string) => () => Promise.reject(new ApiError(403, 'forbidden', message));
  return { ...outbox, offline, refused };
}

const sent = () => vi.fn<(item: { clientId: string }) => Promise<void>>(() => Promise.resolve());

describe('the outbox of messages written without a connection', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('keeps a message through a reload and sends it once the connection is back', async () => {
    const before = await reload();
    before.enqueue('1', 'c1', { clientId: 'a', text: 'Is it still available?' });
    await before.flushOutbox('1', 'c1', before.offline);
    expect(before.outboxOf('1', 'c1')).toEqual({ items: [{ clientId: 'a', text: 'Is it still available?' }], waiting: true });

    const after = await reload();
    expect(after.outboxOf('1', 'c1').items).toEqual([{ clientId: 'a', text: 'Is it still available?' }]);
    const send = sent();
    await after.flushOutbox('1', 'c1', send);
    expect(send.mock.calls).toEqual([[{ clientId: 'a', text: 'Is it still available?' }]]);
    expect(after.outboxOf('1', 'c1')).toEqual({ items: [], waiting: false });
    expect(localStorage.getItem('outbox:1:c1')).toBeNull();
  });

  it('sends oldest first, one at a time, with what was written meanwhile', async () => {
    const { enqueue, flushOutbox } = await reload();
    enqueue('1', 'c1', { clientId: 'a', text: 'First' });
    enqueue('1', 'c1', { clientId: 'b', text: 'Second' });
    const order: string[] = [];
    let atOnce = 0;
    let most = 0;
    const send = async (item: { clientId: string }) => {
      atOnce += 1;
      most = Math.max(most, atOnce);
      order.push(item.clientId);
      // Written while the first was on its way.
      if (item.clientId === 'a') enqueue('1', 'c1', { clientId: 'c', text: 'Third' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      atOnce -= 1;
    };
    await flushOutbox('1', 'c1', send);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
  });

  it('sends a message once when the browser and the live socket both say the connection is back', async () => {
    const { enqueue, flushOutbox } = await reload();
    enqueue('1', 'c1', { clientId: 'a', text: 'Hello' });
    let answer: () => void = () => undefined;
    const send = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    const online = flushOutbox('1', 'c1', send);
    const reconnected = flushOutbox('1', 'c1', send);
    answer();
    await Promise.all([online, reconnected]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps the same message once, and sends it again with the same id when no answer came', async () => {
    const { enqueue, flushOutbox, outboxOf, offline } = await reload();
    enqueue('1', 'c1', { clientId: 'a', text: 'Hello' });
    enqueue('1', 'c1', { clientId: 'a', text: 'Hello' });
    expect(outboxOf('1', 'c1').items).toHaveLength(1);
    // The server may have kept it before the connection dropped: the same id again is the same message.
    const tries: string[] = [];
    await flushOutbox('1', 'c1', (item) => {
      tries.push(item.clientId);
      return offline();
    });
    await flushOutbox('1', 'c1', async (item) => {
      tries.push(item.clientId);
      await Promise.resolve();
    });
    expect(tries).toEqual(['a', 'a']);
    expect(outboxOf('1', 'c1').items).toEqual([]);
  });

  it('keeps a refused message with its reason, sends the rest, and a retry sends it with the same id', async () => {
    const { enqueue, flushOutbox, outboxOf, tryAgain, refused } = await reload();
    enqueue('1', 'c1', { clientId: 'a', text: 'Pay me first' });
    enqueue('1', 'c1', { clientId: 'b', text: 'Hello?' });
    const others = sent();
    await flushOutbox('1', 'c1', (item) => (item.clientId === 'a' ? refused("You can't write to this person")() : others(item)));
    expect(others.mock.calls).toEqual([[{ clientId: 'b', text: 'Hello?' }]]);
    expect(outboxOf('1', 'c1').items).toEqual([{ clientId: 'a', text: 'Pay me first', failed: "You can't write to this person" }]);
    tryAgain('1', 'c1', 'a');
    const again = sent();
    await flushOutbox('1', 'c1', again);
    expect(again.mock.calls).toEqual([[{ clientId: 'a', text: 'Pay me first' }]]);
  });

  it('keeps each person and conversation apart', async () => {
    const { enqueue, outboxOf } = await reload();
    enqueue('1', 'c1', { clientId: 'a', text: 'To c1' });
    enqueue('2', 'c1', { clientId: 'b', text: 'Another account' });
    expect(outboxOf('1', 'c1').items.map((q) => q.clientId)).toEqual(['a']);
    expect(outboxOf('1', 'c2').items).toEqual([]);
  });
});
