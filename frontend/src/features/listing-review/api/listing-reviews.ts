// The admins' side of listings reviewed when it matters (docs/trust.md): `GET
// /api/listing-reviews` (the listings waiting, oldest first, each with its flags and when
// it asked), and deciding one: `POST /api/listing-reviews/{id}/approve` makes it live,
// `…/reject {reason}` tells its seller why not. Either way it leaves the queue at once;
// the live `listing.reviewed` takes it out of every other admin's.
import { mutationOptions, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Listing, ListingReview } from '@/lib/api/types.ts';
import { removeListingReview } from '@/lib/live/listing-review-events.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type RejectInput = components['schemas']['RejectInput'];

export function getListingReviews(signal?: AbortSignal): Promise<ListingReview[]> {
  return api<ListingReview[]>('/listing-reviews', signal ? { signal } : {});
}

/** Cache key `['listingReviews']`; `listing.review_requested` and `listing.reviewed` fill and empty it live. */
export function listingReviewsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.listingReviews(),
    queryFn: ({ signal }) => getListingReviews(signal),
  });
}

export function useListingReviews() {
  return useQuery(listingReviewsQueryOptions());
}

/** The id of the element showing listing `id` in the queue. */
export function listingReviewElementId(id: string): string {
  return `listing-review-${id}`;
}

export function approveListing(id: string): Promise<Listing> {
  return api<Listing>(`/listing-reviews/${encodeURIComponent(id)}/approve`, { method: 'POST' });
}

export function rejectListing(id: string, reason: string): Promise<Listing> {
  const body: RejectInput = { reason };
  return api<Listing>(`/listing-reviews/${encodeURIComponent(id)}/reject`, { method: 'POST', json: body });
}

function leaveQueue(client: QueryClient, id: string): void {
  client.setQueryData<readonly ListingReview[]>(queryKeys.listingReviews(), (queue) => removeListingReview(queue, id));
}

/** Another admin decided it first, or its seller deleted it: the queue as it now is. */
function readQueueAgain(client: QueryClient, error: Error): void {
  if (error instanceof ApiError && (error.reason === 'not_in_review' || error.status === 404)) {
    void client.invalidateQueries({ queryKey: queryKeys.listingReviews() });
  }
}

export function approveListingMutation() {
  return mutationOptions<Listing, Error, Listing>({
    mutationFn: (listing) => approveListing(listing._id),
    onSuccess: (_approved, listing, _result, { client }) => {
      leaveQueue(client, listing._id);
    },
    onError: (error, _listing, _result, { client }) => {
      readQueueAgain(client, error);
    },
  });
}

export function rejectListingMutation() {
  return mutationOptions<Listing, Error, { listing: Listing; reason: string }>({
    mutationFn: ({ listing, reason }) => rejectListing(listing._id, reason),
    onSuccess: (_rejected, { listing }, _result, { client }) => {
      leaveQueue(client, listing._id);
    },
    onError: (error, _variables, _result, { client }) => {
      readQueueAgain(client, error);
    },
  });
}
