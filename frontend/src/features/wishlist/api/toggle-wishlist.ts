// `POST /api/wishlist` {productId} and `DELETE /api/wishlist/{id}` (buyers): Add to
// Wishlist and its undo. The cached wishlist changes at once and changes back if the
// server refuses; the calls go out one at a time, so quick taps reach it in order.
import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Inserted, Listing } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type Changed = components['schemas']['Changed'];
type WishlistInput = components['schemas']['WishlistInput'];

/** 201 when saved now, 200 when it already was: either way it is saved. */
export function saveToWishlist(listingId: string): Promise<Inserted> {
  const body: WishlistInput = { productId: listingId };
  return api<Inserted>('/wishlist', { method: 'POST', json: body });
}

export function removeFromWishlist(listingId: string): Promise<Changed> {
  return api<Changed>(`/wishlist/${encodeURIComponent(listingId)}`, { method: 'DELETE' });
}

/** Save `listing` to the wishlist, or remove it. */
export interface WishlistChange {
  listing: Listing;
  save: boolean;
}

type Saved = readonly Listing[] | undefined;

/** `list` with `listing` at `at` (0: the latest saved), once. */
function withListing(list: Saved, listing: Listing, at = 0): Saved {
  if (!list) return list;
  const rest = list.filter((saved) => saved._id !== listing._id);
  return [...rest.slice(0, at), listing, ...rest.slice(at)];
}

function withoutListing(list: Saved, listingId: string): Saved {
  if (!list?.some((saved) => saved._id === listingId)) return list;
  return list.filter((saved) => saved._id !== listingId);
}

/** What the cache held before the change: enough to undo exactly that bike's change. */
interface Before {
  cached: boolean;
  /** The bike's place in the list, or -1 when it was not saved. */
  index: number;
}

export function toggleWishlistMutation() {
  const key = queryKeys.wishlist();
  return mutationOptions<unknown, Error, WishlistChange, Before>({
    scope: { id: 'wishlist' },
    mutationFn: ({ listing, save }) => (save ? saveToWishlist(listing._id) : removeFromWishlist(listing._id)),
    onMutate: async ({ listing, save }, { client }) => {
      // A read under way would land after this change with the list from before it.
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<readonly Listing[]>(key);
      client.setQueryData<Saved>(key, save ? withListing(before, listing) : withoutListing(before, listing._id));
      return { cached: before !== undefined, index: before?.findIndex((saved) => saved._id === listing._id) ?? -1 };
    },
    onError: (_error, { listing }, before, { client }) => {
      // Only this bike goes back: other bikes' changes made meanwhile stay.
      const index = before?.index ?? -1;
      client.setQueryData<Saved>(key, (list) =>
        index < 0 ? withoutListing(list, listing._id) : withListing(list, listing, index),
      );
    },
    onSettled: (_data, _error, _change, before, { client }) => {
      // Nothing was cached to change (the list was still loading, and was cancelled above).
      if (!before?.cached) void client.invalidateQueries({ queryKey: key });
    },
  });
}
