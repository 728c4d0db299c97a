// /products: the search of every bike (features/search), showing its results with the
// listing cards (app/listings), a buyer's saved bikes marked saved.
import type { Listing } from '@/lib/api/types.ts';
import { canBuy, useSession } from '@/lib/auth/session-context.ts';
import { useWishlist } from '@/features/wishlist/api/get-wishlist.ts';
import { ListingGrid } from '@/app/listings/listing-grid.tsx';
import { SearchPage } from '@/features/search/pages/search-page.tsx';

function ResultCards({ listings }: { listings: readonly Listing[] }) {
  const { status, role } = useSession();
  const wishlist = useWishlist({ enabled: status === 'signed-in' && canBuy(role) });
  const saved = new Set(wishlist.data?.map((listing) => listing._id));
  return <ListingGrid listings={listings} saved={saved} />;
}

export function ListingsPage() {
  return <SearchPage Grid={ResultCards} />;
}
