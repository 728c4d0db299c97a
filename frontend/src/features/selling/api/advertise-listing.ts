// `POST /api/advertise` {advertiseId} (sellers): puts one of the seller's unsold bikes in
// the home page's advertisement area. The server copies the listing's fields itself.
import { mutationOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Listing } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type AdvertInput = components['schemas']['AdvertInput'];
type Inserted = components['schemas']['Inserted'];

export function advertiseListing(listingId: string): Promise<Inserted> {
  const body: AdvertInput = { advertiseId: listingId };
  return api<Inserted>('/advertise', { method: 'POST', json: body });
}

export function advertiseListingMutation() {
  return mutationOptions<Inserted, Error, Listing>({
    mutationFn: (listing) => advertiseListing(listing._id),
    // The answer's `advert.created`: the seller's table shows "Advertised" and a cached
    // home page gains the advert.
    onSuccess: (inserted, _listing, _result, { client }) => {
      applyWritten(client, inserted);
    },
    onError: (error, _listing, _result, { client }) => {
      // Sold, deleted or advertised meanwhile (another tab): show the listing as it is now.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void client.invalidateQueries({ queryKey: queryKeys.sellerListings() });
      }
    },
  });
}
