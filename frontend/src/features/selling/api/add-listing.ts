// `PUT /api/products` (sellers): lists a bike whose photos are already uploaded, the cover
// first. The seller's name, e-mail and verification come from their record on the server.
// A new seller's first listings (and some others) wait for an admin before they are live
// (docs/trust.md, "Listings reviewed when it matters"): the answer is the same.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Inserted, ListingInput } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';

type Typed = 'resalePrice' | 'originalPrice' | 'purchaseYear' | 'yearsOfUse';

/**
 * The listing as typed: prices and years are free text in the form, sent as numeric strings
 * that the server reads as numbers and answers with a field message when they are not.
 * `productImages` are the photos' addresses, the cover first; `paymentMethods` the ways to
 * pay it takes, and `deposit` what reserves it (null for none).
 */
export type NewListing = Omit<ListingInput, Typed | 'productImage' | 'productImages'> &
  Record<Typed, string> & { productImages: string[] };

export function createListing({ productImages, ...fields }: NewListing): Promise<Inserted> {
  return api<Inserted>('/products', {
    method: 'PUT',
    json: { ...fields, productImage: productImages[0] ?? '', productImages },
    once: true,
  });
}

export function useAddListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    // The answer's `product.created` puts the listing, whole, in the seller's table and
    // any cached category (the socket may bring it first or as well). A listing waiting
    // for review is news to admins only, so the answer carries no event: the seller's
    // table, opened next, reads it from the server.
    onSuccess: (inserted) => {
      applyWritten(queryClient, inserted);
    },
  });
}
