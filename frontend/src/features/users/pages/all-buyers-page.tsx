// PLACEHOLDER — the admin's buyer table (spec §2) replaces this next slice.
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function AllBuyersPage() {
  return <PlaceholderPage level="h2" title="All Buyers" />;
}
