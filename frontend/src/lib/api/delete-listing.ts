// `DELETE /api/products/{id}` (the listing's seller, or an admin): removes a listing with
// its advert and open bookings.
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Product } from '@/lib/api/types.ts';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';

type Changed = components['schemas']['Changed'];

export function deleteProduct(id: string): Promise<Changed> {
  return api<Changed>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * What the `product.deleted` event does to the cached lists (the listing and its advert
 * go), so the table is right without the socket; the event arriving as well is a no-op.
 */
function forgetListing(client: QueryClient, { _id, categoryId, sellerId }: Product): void {
  applyLiveEvent(client, { event: 'product.deleted', data: { _id, categoryId, sellerId } });
}

export function deleteProductMutation() {
  return mutationOptions<Changed, Error, Product>({
    mutationFn: (product) => deleteProduct(product._id),
    onSuccess: (_changed, product, _result, { client }) => {
      forgetListing(client, product);
    },
    onError: (error, product, _result, { client }) => {
      // Already deleted elsewhere: the row is stale either way.
      if (error instanceof ApiError && error.status === 404) forgetListing(client, product);
    },
  });
}
