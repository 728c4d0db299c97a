// PLACEHOLDER — admin's Add Category form (spec §2) replaces this next slice.
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function AddCategoryPage() {
  return <PlaceholderPage level="h2" title="Add Category" />;
}
