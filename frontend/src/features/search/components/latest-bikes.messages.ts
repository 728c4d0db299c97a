import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const latestBikesMessages = defineCatalog(
  {
    heading: 'Latest bikes',
    seeAll: 'See all bikes →',
    loading: 'Loading the latest bikes',
    failed: 'The latest bikes could not be loaded. Please try again shortly.',
    soldOut: 'Sold Out',
    km: '{km} km',
  },
  {
    heading: 'নতুন আসা বাইক',
    seeAll: 'সব বাইক দেখুন →',
    loading: 'নতুন আসা বাইকগুলো লোড হচ্ছে',
    failed: 'নতুন আসা বাইকগুলো লোড করা যায়নি। একটু পরে আবার চেষ্টা করুন।',
    soldOut: 'বিক্রি হয়ে গেছে',
    km: '{km} কিমি চলেছে',
  },
);
