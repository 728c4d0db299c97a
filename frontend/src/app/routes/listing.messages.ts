import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** A listing's own page, around the listing's parts (features/listing). */
export const listingPageMessages = defineCatalog(
  {
    loading: 'Loading the bike',
    tryAgain: 'Try again',
    noLongerListed: 'This bike is no longer listed.',
    maybeSold: 'It may have been sold or taken down by its seller.',
    browseForSale: 'Browse bikes for sale',
    breadcrumb: 'Breadcrumb',
    forSale: 'Bikes for sale',
    posted: 'Posted',
    details: 'Details',
    description: 'Description',
    moreFromSeller: 'More from this seller',
    similar: 'Similar bikes',
  },
  {
    loading: 'বাইকটি লোড হচ্ছে',
    tryAgain: 'আবার চেষ্টা করুন',
    noLongerListed: 'এই বাইকের বিজ্ঞাপনটি আর নেই।',
    maybeSold: 'বাইকটি হয়তো বিক্রি হয়ে গেছে, বা বিক্রেতা বিজ্ঞাপনটি সরিয়ে নিয়েছেন।',
    browseForSale: 'বিক্রির বাইকগুলো দেখুন',
    breadcrumb: 'আপনি এখানে',
    forSale: 'বিক্রির বাইক',
    posted: 'পোস্ট করা হয়েছে',
    details: 'বিস্তারিত',
    description: 'বর্ণনা',
    moreFromSeller: 'এই বিক্রেতার আরও বাইক',
    similar: 'এ রকম আরও বাইক',
  },
);
