// Sellers verified with evidence (docs/trust.md): a seller's request, and the admins' queue
// of those waiting (`GET /api/verification-requests`, pending requests, oldest first).
// Shared: the queue is the admins' Verification requests page, and the All Sellers table
// reads it too, to open a seller's pending request from their row (or say they sent none).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { VerificationRequest } from './types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getVerificationQueue(signal?: AbortSignal): Promise<VerificationRequest[]> {
  return api<VerificationRequest[]>('/verification-requests', signal ? { signal } : {});
}

/** Cache key `['verificationRequests']`; `verification.requested` and `.decided` fill and empty it live. */
export function verificationQueueQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.verificationQueue(),
    queryFn: ({ signal }) => getVerificationQueue(signal),
  });
}

export function useVerificationQueue() {
  return useQuery(verificationQueueQueryOptions());
}

/** The id of the element showing request `id` on the admins' page (the link's target). */
export function verificationRequestElementId(id: string): string {
  return `verification-request-${id}`;
}

/** The admins' page, opened on request `id`: `/dashboard/verification-requests#<id>`. */
export function verificationRequestLink(id: string): string {
  return `/dashboard/verification-requests#${encodeURIComponent(id)}`;
}

/** The request of `sellerId` waiting in `queue`, if any. */
export function pendingRequestOf(
  queue: readonly VerificationRequest[] | undefined,
  sellerId: string,
): VerificationRequest | undefined {
  return queue?.find((request) => request.sellerId === sellerId && request.state === 'pending');
}
