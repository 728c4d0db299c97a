import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { VerificationRequest } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { aNotification, aVerificationRequest } from '@/test/fixtures.ts';
import { applyLiveEvent } from './apply-event.ts';
import { parseServerMessage } from './live-events.ts';
import { addVerificationRequest, removeVerificationRequest } from './verification-events.ts';

const early = aVerificationRequest({ _id: 'r1', createdAt: '2026-11-27T04:00:00Z' });
const middle = aVerificationRequest({ _id: 'r2', sellerId: 'u2', createdAt: '2026-11-27T05:00:00Z' });
const late = aVerificationRequest({ _id: 'r3', sellerId: 'u3', createdAt: '2026-11-27T06:00:00Z' });

describe('the admins’ queue of verification requests', () => {
  it('takes a new request in its place, oldest first, once', () => {
    const queue = [early, late];
    const once = addVerificationRequest(queue, middle);
    expect(once?.map((r) => r._id)).toEqual(['r1', 'r2', 'r3']);
    expect(addVerificationRequest(once, middle)).toBe(once);
    expect(addVerificationRequest([early], late)?.map((r) => r._id)).toEqual(['r1', 'r3']);
  });

  it('takes no request that is not waiting, and leaves an unread queue alone', () => {
    const queue = [early];
    expect(addVerificationRequest(queue, { ...middle, state: 'approved' })).toBe(queue);
    expect(addVerificationRequest(undefined, middle)).toBeUndefined();
  });

  it('lets a decided request go, once', () => {
    const queue = [early, middle];
    const once = removeVerificationRequest(queue, 'r1');
    expect(once?.map((r) => r._id)).toEqual(['r2']);
    expect(removeVerificationRequest(once, 'r1')).toBe(once);
  });

  it('is patched by the live events, a replay changing nothing more', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.verificationQueue(), [early]);
    const queue = () => queryClient.getQueryData<VerificationRequest[]>(queryKeys.verificationQueue());
    applyLiveEvent(queryClient, { event: 'verification.requested', data: middle });
    const once = queue();
    applyLiveEvent(queryClient, { event: 'verification.requested', data: middle });
    expect(queue()).toBe(once);
    applyLiveEvent(queryClient, { event: 'verification.decided', data: { ...early, state: 'approved' } });
    expect(queue()?.map((r) => r._id)).toEqual(['r2']);
  });

  it('reads the events off the socket', () => {
    const frame = JSON.stringify({ type: 'event', seq: 7, event: 'verification.requested', data: middle });
    expect(parseServerMessage(frame)).toEqual({
      type: 'event',
      seq: 7,
      live: { event: 'verification.requested', data: middle },
    });
  });
});

describe('a seller told of the decision', () => {
  function cache() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.notifications(), { unread: 0, notifications: [] });
    queryClient.setQueryData(queryKeys.myVerification('seller@example.com'), { ...early, photos: undefined });
    queryClient.setQueryData(queryKeys.user('seller@example.com'), { _id: '1', email: 'seller@example.com' });
    return queryClient;
  }
  const stale = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

  it('reads their request and account again when approved', () => {
    const queryClient = cache();
    applyLiveEvent(queryClient, { event: 'notification.created', data: aNotification({ kind: 'verified' }) });
    expect(stale(queryClient, queryKeys.myVerification('seller@example.com'))).toBe(true);
    expect(stale(queryClient, queryKeys.user('seller@example.com'))).toBe(true);
  });

  it('reads their request again when rejected', () => {
    const queryClient = cache();
    applyLiveEvent(queryClient, { event: 'notification.created', data: aNotification({ kind: 'verification' }) });
    expect(stale(queryClient, queryKeys.myVerification('seller@example.com'))).toBe(true);
    expect(stale(queryClient, queryKeys.user('seller@example.com'))).toBe(false);
  });

  it('reads nothing again for other notifications', () => {
    const queryClient = cache();
    applyLiveEvent(queryClient, { event: 'notification.created', data: aNotification({ kind: 'booking' }) });
    expect(stale(queryClient, queryKeys.myVerification('seller@example.com'))).toBe(false);
  });
});
