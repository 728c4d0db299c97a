import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** The home page's categories and the admin's Add Category form. */
export const categoriesMessages = defineCatalog(
  {
    title: 'Product Categories',
    intro: 'Pick a category to see every bike listed in it.',
    loading: 'Loading categories',
    loadFailed: 'The categories could not be loaded. Please try again shortly.',
    none: 'No categories yet.',
    viewBikes: 'View bikes →',

    addTitle: 'Add Category',
    addIntro: 'Buyers see every category on the home page as soon as you add it.',
    nameLabel: 'Category Name',
    namePlaceholder: 'e.g. Sports Bikes',
    nameMissing: 'Please provide the category name',
    imageLabel: 'Image',
    imageMissing: 'Please Provide an Image',
    adding: 'Loading...',
    addNow: 'Add Now',
    added: 'Category Added Successfully',
    notAdded: 'The category could not be added.',
  },
  {
    title: 'বাইকের ক্যাটাগরি',
    intro: 'একটা ক্যাটাগরি বেছে নিন, তাতে থাকা সব বাইক দেখতে পাবেন।',
    loading: 'ক্যাটাগরি লোড হচ্ছে',
    loadFailed: 'ক্যাটাগরিগুলো দেখানো গেল না। একটু পরে আবার চেষ্টা করুন।',
    none: 'এখনো কোনো ক্যাটাগরি নেই।',
    viewBikes: 'বাইক দেখুন →',

    addTitle: 'ক্যাটাগরি যোগ করুন',
    addIntro: 'যোগ করার সঙ্গে সঙ্গে ক্রেতারা হোম পেজে ক্যাটাগরিটি দেখতে পাবেন।',
    nameLabel: 'ক্যাটাগরির নাম',
    namePlaceholder: 'যেমন: স্পোর্টস বাইক',
    nameMissing: 'ক্যাটাগরির নাম লিখুন',
    imageLabel: 'ছবি',
    imageMissing: 'একটা ছবি দিন',
    adding: 'যোগ হচ্ছে...',
    addNow: 'এখনই যোগ করুন',
    added: 'ক্যাটাগরি যোগ হয়েছে',
    notAdded: 'ক্যাটাগরি যোগ করা গেল না।',
  },
);
