// PLACEHOLDER — the category page (spec §2: "Choose Your Dream Bike", product cards,
// order modal, its loader fetching GET /api/products/{id}) replaces this next slice.
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function CategoryPage() {
  const { id } = useParams();
  return (
    <div className="page-container">
      <PlaceholderPage title="Choose Your Dream Bike">
        <p>The bikes of category {id} will be listed here in the next release.</p>
      </PlaceholderPage>
    </div>
  );
}
