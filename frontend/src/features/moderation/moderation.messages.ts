import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** The admin's queue of reported listings. */
export const moderationMessages = defineCatalog(
  {
    title: 'Reported Products',
    empty: 'There is no Reported Product.',
    loading: 'Loading reported products',
    name: 'Name',
    delete: 'Delete',
    bySeller: 'by {seller} · {email}',
    deletePrompt: 'Are you sure, You want to delete Reported Product?',
  },
  {
    title: 'রিপোর্ট করা বাইক',
    empty: 'রিপোর্ট করা কোনো বাইক নেই।',
    loading: 'রিপোর্ট করা বাইক লোড হচ্ছে',
    name: 'নাম',
    delete: 'মুছুন',
    bySeller: 'বিক্রেতা: {seller} · {email}',
    deletePrompt: 'আপনি কি নিশ্চিত, রিপোর্ট করা বাইকটি মুছে ফেলতে চান?',
  },
);
