import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const listingCardMessages = defineCatalog(
  {
    photos: 'photos',
    engineCc: '{cc} cc',
    km: '{km} km',
    purchaseYear: 'Purchase year:',
    yearsOfUse: 'Years of use:',
    condition: 'Condition:',
    color: 'Color:',
    verified: 'Verified',
    verifiedSeller: 'Verified seller',
  },
  {
    photos: 'ছবি',
    engineCc: '{cc} সিসি',
    km: '{km} কিমি',
    purchaseYear: 'কেনার সাল:',
    yearsOfUse: 'কত বছর চলেছে:',
    condition: 'অবস্থা:',
    color: 'রং:',
    verified: 'যাচাই করা',
    verifiedSeller: 'যাচাই করা বিক্রেতা',
  },
);
