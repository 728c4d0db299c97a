// PLACEHOLDER — the admin's seller table with verification (spec §2) replaces this next slice.
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function AllSellersPage() {
  return <PlaceholderPage level="h2" title="All Sellers" />;
}
