// PLACEHOLDER — the seller's product table with Advertise and Delete (spec §2) replaces this next slice.
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function SellerProductsPage() {
  return <PlaceholderPage level="h2" title="My Products" />;
}
