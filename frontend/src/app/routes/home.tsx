// The home page (docs/product.md, 'Screens and routes'), composed from the features it
// shows. Loaded eagerly: it is the first page most visitors see.
import { AdvertisementArea } from '@/features/adverts/components/advertisement-area.tsx';
import { CategoriesSection } from '@/features/categories/components/categories-section.tsx';
import { ContactSection } from '@/features/home/components/contact-section.tsx';
import { HeroBanner } from '@/features/home/components/hero-banner.tsx';
import { ReviewForm } from '@/features/home/components/review-form.tsx';
import { Testimonials } from '@/features/home/components/testimonials.tsx';
import { LatestBikes } from '@/features/search/components/latest-bikes.tsx';

export function HomePage() {
  return (
    <>
      <HeroBanner />
      <LatestBikes />
      <CategoriesSection />
      <AdvertisementArea />
      <Testimonials />
      <div className="page-container grid gap-6 pb-4 lg:grid-cols-[1.4fr_1fr]">
        <ReviewForm />
        <ContactSection />
      </div>
    </>
  );
}
