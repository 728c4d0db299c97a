import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** The ways on from the banner of a listing buyers cannot see yet (listing-state-banner.tsx). */
export const listingStateBannerMessages = defineCatalog(
  {
    editIt: 'Edit {name}',
    myProducts: 'See it in My Products',
    decideInReview: 'Decide it in Listing review',
  },
  {
    editIt: '{name} বদলান',
    myProducts: '“আমার বাইক”-এ দেখুন',
    decideInReview: 'বিজ্ঞাপন যাচাই পাতায় সিদ্ধান্ত নিন',
  },
);
