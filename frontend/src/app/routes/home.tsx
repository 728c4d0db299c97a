// The home page (docs/product.md, 'Screens and routes'), composed from the features it
// shows. Loaded eagerly: it is the first page most visitors see.
import { AdvertisementArea } from '@/features/adverts/components/advertisement-area.tsx';
import { CategoriesSection } from '@/features/categories/components/categories-section.tsx';
import { ContactSection } from '@/features/home/components/contact-section.tsx';
import { HeroBanner } from '@/features/home/components/hero-banner.tsx';
import { LatestBikes } from '@/features/search/components/latest-bikes.tsx';

export function HomePage() {
  return (
    <>
      <HeroBanner />
      <LatestBikes />
      <CategoriesSection />
      <AdvertisementArea />
      <div className="page-container pb-4">
        <ContactSection />
      </div>
    </>
  );
}
