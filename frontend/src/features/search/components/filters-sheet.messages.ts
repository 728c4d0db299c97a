import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const filtersSheetMessages = defineCatalog(
  {
    title: 'Filters',
    clearAll: 'Clear all',
    close: 'Close filters',
    showFound: 'Show {found}',
    showBikes: 'Show bikes',
  },
  {
    title: 'ফিল্টার',
    clearAll: 'সব মুছুন',
    close: 'ফিল্টার বন্ধ করুন',
    showFound: '{found} দেখুন',
    showBikes: 'বাইক দেখুন',
  },
);
