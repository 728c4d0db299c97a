// /products: the search of every bike (features/search), showing its results with the
// listing cards (app/listings), a buyer's saved bikes marked saved.
import type { Product } from '@/lib/api/types.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { useWishlist } from '@/features/wishlist/api/get-wishlist.ts';
import { ProductGrid } from '@/app/listings/product-grid.tsx';
import { SearchPage } from '@/features/search/pages/search-page.tsx';

function ResultCards({ listings }: { listings: readonly Product[] }) {
  const { status, role } = useSession();
  const wishlist = useWishlist({ enabled: status === 'signed-in' && role === 'buyer' });
  const saved = new Set(wishlist.data?.map((product) => product._id));
  return <ProductGrid products={listings} saved={saved} />;
}

export function ProductsPage() {
  return <SearchPage Grid={ResultCards} />;
}
