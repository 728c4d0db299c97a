// PLACEHOLDER — the seller's Add product form (spec §2) replaces this next slice.
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function AddProductPage() {
  return <PlaceholderPage level="h2" title="Add a Product" />;
}
