import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const sellerCardMessages = defineCatalog(
  {
    seller: 'Seller',
    verifiedSeller: 'Verified seller',
    memberSince: 'Member since {since}',
    call: 'Call ',
  },
  {
    seller: 'বিক্রেতা',
    verifiedSeller: 'যাচাই করা বিক্রেতা',
    memberSince: '{since} থেকে সদস্য',
    call: 'কল করুন ',
  },
);
