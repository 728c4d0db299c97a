// PLACEHOLDER — the buyer's order table with Pay Now and cancel (spec §2) replaces this next slice.
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function MyOrdersPage() {
  return <PlaceholderPage level="h2" title="My Orders" />;
}
