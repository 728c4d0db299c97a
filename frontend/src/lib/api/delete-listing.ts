// `DELETE /api/products/{id}` (the listing's seller, or an admin): removes a listing with
// its advert and open bookings.
import { mutationOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Listing } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type Changed = components['schemas']['Changed'];

export function deleteListing(id: string): Promise<Changed> {
  return api<Changed>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function deleteListingMutation() {
  return mutationOptions<Changed, Error, Listing>({
    mutationFn: (listing) => deleteListing(listing._id),
    // The answer's events (the listing, its advert and its open bookings go), so the
    // table is right without the socket; the events arriving as well change nothing.
    onSuccess: (changed, _listing, _result, { client }) => {
      applyWritten(client, changed);
    },
    onError: (error, _listing, _result, { client }) => {
      // Already deleted elsewhere: show the lists as they are now.
      if (error instanceof ApiError && error.status === 404) {
        void client.invalidateQueries({ queryKey: queryKeys.sellerListings() });
        void client.invalidateQueries({ queryKey: queryKeys.reportedListings() });
        void client.invalidateQueries({ queryKey: queryKeys.reports() });
      }
    },
  });
}
