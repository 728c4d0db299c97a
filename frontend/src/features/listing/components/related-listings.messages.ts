import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const relatedListingsMessages = defineCatalog(
  {
    sold: 'Sold',
    reserved: 'Reserved',
  },
  {
    sold: 'বিক্রি হয়ে গেছে',
    reserved: 'বুক করা আছে',
  },
);
