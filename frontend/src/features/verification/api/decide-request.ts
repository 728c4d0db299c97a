// An admin's side (docs/trust.md, "Sellers verified with evidence"): a pending request's
// photos (`GET /api/verification-requests/photos/{name}`, admins only, with the bearer
// token: an `<img src>` cannot load them), and deciding it: `POST
// /api/verification-requests/{id}/approve` verifies the seller, `…/reject {reason}` tells
// them why not. Either way the request leaves the queue at once; the live
// `verification.decided` takes it out of every other admin's.
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { User } from '@/lib/api/types.ts';
import type { VerificationRequest } from '@/lib/api/types.ts';
import { markUserVerified } from '@/lib/live/live-events.ts';
import { removeVerificationRequest } from '@/lib/live/verification-events.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type RejectInput = components['schemas']['RejectInput'];

export function getVerificationPhoto(name: string, signal?: AbortSignal): Promise<Blob> {
  return api<Blob>(`/verification-requests/photos/${encodeURIComponent(name)}`, {
    blob: true,
    ...(signal ? { signal } : {}),
  });
}

export function approveRequest(id: string): Promise<VerificationRequest> {
  return api<VerificationRequest>(`/verification-requests/${encodeURIComponent(id)}/approve`, { method: 'POST' });
}

export function rejectRequest(id: string, reason: string): Promise<VerificationRequest> {
  const body: RejectInput = { reason };
  return api<VerificationRequest>(`/verification-requests/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    json: body,
  });
}

function leaveQueue(client: QueryClient, id: string): void {
  client.setQueryData<readonly VerificationRequest[]>(queryKeys.verificationQueue(), (queue) =>
    removeVerificationRequest(queue, id),
  );
}

/** Another admin decided it first (or it is gone): the queue as it now is. */
function readQueueAgain(client: QueryClient, error: Error): void {
  if (error instanceof ApiError && (error.reason === 'verification_decided' || error.status === 404)) {
    void client.invalidateQueries({ queryKey: queryKeys.verificationQueue() });
  }
}

export function approveRequestMutation() {
  return mutationOptions<VerificationRequest, Error, VerificationRequest>({
    mutationFn: (request) => approveRequest(request._id),
    onSuccess: (_approved, request, _result, { client }) => {
      leaveQueue(client, request._id);
      // The sellers' table says so before `seller.verified` arrives.
      client.setQueryData<readonly User[]>(queryKeys.sellers(), (sellers) => markUserVerified(sellers, request.sellerId));
    },
    onError: (error, _request, _result, { client }) => {
      readQueueAgain(client, error);
    },
  });
}

export function rejectRequestMutation() {
  return mutationOptions<VerificationRequest, Error, { request: VerificationRequest; reason: string }>({
    mutationFn: ({ request, reason }) => rejectRequest(request._id, reason),
    onSuccess: (_rejected, { request }, _result, { client }) => {
      leaveQueue(client, request._id);
    },
    onError: (error, _variables, _result, { client }) => {
      readQueueAgain(client, error);
    },
  });
}
