// `POST /api/wishlist` {productId} and `DELETE /api/wishlist/{id}` (buyers): Add to
// Wishlist and its undo. The cached wishlist changes at once and changes back if the
// server refuses; the calls go out one at a time, so quick taps reach it in order.
import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Inserted, Product } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type Changed = components['schemas']['Changed'];
type WishlistInput = components['schemas']['WishlistInput'];

/** 201 when saved now, 200 when it already was: either way it is saved. */
export function saveToWishlist(productId: string): Promise<Inserted> {
  const body: WishlistInput = { productId };
  return api<Inserted>('/wishlist', { method: 'POST', json: body });
}

export function removeFromWishlist(productId: string): Promise<Changed> {
  return api<Changed>(`/wishlist/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}

/** Save `product` to the wishlist, or remove it. */
export interface WishlistChange {
  product: Product;
  save: boolean;
}

type Saved = readonly Product[] | undefined;

/** `list` with `product` at `at` (0: the latest saved), once. */
function withProduct(list: Saved, product: Product, at = 0): Saved {
  if (!list) return list;
  const rest = list.filter((saved) => saved._id !== product._id);
  return [...rest.slice(0, at), product, ...rest.slice(at)];
}

function withoutProduct(list: Saved, productId: string): Saved {
  if (!list?.some((saved) => saved._id === productId)) return list;
  return list.filter((saved) => saved._id !== productId);
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
    mutationFn: ({ product, save }) => (save ? saveToWishlist(product._id) : removeFromWishlist(product._id)),
    onMutate: async ({ product, save }, { client }) => {
      // A read under way would land after this change with the list from before it.
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<readonly Product[]>(key);
      client.setQueryData<Saved>(key, save ? withProduct(before, product) : withoutProduct(before, product._id));
      return { cached: before !== undefined, index: before?.findIndex((saved) => saved._id === product._id) ?? -1 };
    },
    onError: (_error, { product }, before, { client }) => {
      // Only this bike goes back: other bikes' changes made meanwhile stay.
      const index = before?.index ?? -1;
      client.setQueryData<Saved>(key, (list) =>
        index < 0 ? withoutProduct(list, product._id) : withProduct(list, product, index),
      );
    },
    onSettled: (_data, _error, _change, before, { client }) => {
      // Nothing was cached to change (the list was still loading, and was cancelled above).
      if (!before?.cached) void client.invalidateQueries({ queryKey: key });
    },
  });
}
