import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** A category's page of bikes. */
export const categoryMessages = defineCatalog(
  {
    title: 'Choose Your Dream Bike',
    loading: 'Loading bikes',
    empty: 'No Products Available for this Category',
  },
  {
    title: 'আপনার স্বপ্নের বাইকটি বেছে নিন',
    loading: 'বাইক লোড হচ্ছে',
    empty: 'এই ক্যাটাগরিতে এখনো কোনো বাইক নেই',
  },
);
