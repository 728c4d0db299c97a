// The home page (spec §2), composed from the features it shows. Loaded eagerly: it is
// the first page most visitors see.
import { lazy, Suspense } from 'react';
import { AdvertisementArea } from '../../features/adverts/components/advertisement-area.tsx';
import { CategoriesSection } from '../../features/categories/components/categories-section.tsx';
import { ContactSection } from '../../features/home/components/contact-section.tsx';
import { HeroBanner } from '../../features/home/components/hero-banner.tsx';
import { Testimonials } from '../../features/home/components/testimonials.tsx';

// Below the fold, and the only form on the page: its form library loads on its own.
const ReviewForm = lazy(async () => ({
  default: (await import('../../features/home/components/review-form.tsx')).ReviewForm,
}));

export function HomePage() {
  return (
    <>
      <HeroBanner />
      <CategoriesSection />
      <AdvertisementArea />
      <Testimonials />
      <div className="page-container grid gap-6 pb-4 lg:grid-cols-[1.4fr_1fr]">
        <Suspense fallback={<div className="min-h-[28rem] rounded-2xl bg-white ring-1 ring-stone-200" />}>
          <ReviewForm />
        </Suspense>
        <ContactSection />
      </div>
    </>
  );
}
