// `GET /api/wishlist` (buyers): the buyer's saved bikes, the latest saved first, sold
// ones too. Live events change a saved bike's availability in place, or drop it once
// the listing is deleted.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Listing } from '@/lib/api/types.ts';
import { canBuy, useSession } from '@/lib/auth/session-context.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getWishlist(signal?: AbortSignal): Promise<Listing[]> {
  return api<Listing[]>('/wishlist', signal ? { signal } : {});
}

/** Cache key `wishlist`: one per signed-in buyer, forgotten on sign-out. */
export function wishlistQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.wishlist(),
    queryFn: ({ signal }) => getWishlist(signal),
  });
}

/** Only a buyer has a wishlist: anyone else's page leaves it unread. */
export function useWishlist({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...wishlistQueryOptions(), enabled });
}

/** The ids of the signed-in buyer's saved bikes (none for anyone else): which show as Saved. */
export function useSavedIds(): ReadonlySet<string> {
  const { status, role } = useSession();
  const wishlist = useWishlist({ enabled: status === 'signed-in' && canBuy(role) });
  return new Set(wishlist.data?.map((listing) => listing._id));
}
