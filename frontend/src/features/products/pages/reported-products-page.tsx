// PLACEHOLDER — the admin's reported-products queue (spec §2) replaces this next slice.
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function ReportedProductsPage() {
  return <PlaceholderPage level="h2" title="Reported Products" />;
}
