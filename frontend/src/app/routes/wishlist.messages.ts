import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** The buyer's wishlist. `shown` is `count` in the page's digits, lakh-grouped. */
export const wishlistMessages = defineCatalog(
  {
    title: 'My Wishlist',
    count: '{count, plural, one {{shown} saved bike} other {{shown} saved bikes}}',
    loading: 'Loading your wishlist',
    live: 'Each bike shows whether it is still for sale, as it changes. Tap Saved to remove one.',
    empty: 'Your wishlist is empty.',
    emptyHelp:
      'Tap Add to Wishlist on any bike you like: it waits here with Book Now, and shows Sold Out the moment someone else buys it.',
    browse: 'Browse bike categories',
  },
  {
    title: 'আমার পছন্দের তালিকা',
    count: '{count, plural, other {{shown}টি বাইক রাখা আছে}}',
    loading: 'আপনার পছন্দের তালিকা লোড হচ্ছে',
    live: 'প্রতিটি বাইক এখনো বিক্রির জন্য আছে কি না, বদলালেই এখানে দেখা যাবে। কোনোটা সরাতে ‘পছন্দে রাখা আছে’-তে চাপুন।',
    empty: 'আপনার পছন্দের তালিকা খালি।',
    emptyHelp:
      'যে বাইক ভালো লাগে, তাতে ‘পছন্দে রাখুন’ চাপুন: বাইকটি এখানে ‘এখনই বুক করুন’ সহ থেকে যাবে, আর অন্য কেউ কিনে ফেললেই ‘বিক্রি হয়ে গেছে’ দেখাবে।',
    browse: 'বাইকের ক্যাটাগরি দেখুন',
  },
);
