import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** The home page's advertised bikes. */
export const advertsMessages = defineCatalog(
  {
    kicker: 'Featured by sellers',
    title: 'Advertisement Area',
    ad: 'Ad',
  },
  {
    kicker: 'বিক্রেতাদের প্রচারিত',
    title: 'প্রচারিত বিজ্ঞাপন',
    ad: 'বিজ্ঞাপন',
  },
);
