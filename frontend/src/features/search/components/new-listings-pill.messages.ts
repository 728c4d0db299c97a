import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const newListingsPillMessages = defineCatalog(
  {
    newBikes: '↑ {count, plural, one {{shown} new bike matches} other {{shown} new bikes match}}',
  },
  {
    newBikes: '↑ {count, plural, other {{shown}টি নতুন বাইক মিলেছে}}',
  },
);
