import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** A seller's verification as a badge (docs/trust.md, "Sellers verified with evidence"). */
export const verificationBadgeMessages = defineCatalog(
  {
    verified: 'Verified',
    notVerified: 'Not verified',
  },
  {
    verified: 'যাচাই করা',
    notVerified: 'যাচাই করা হয়নি',
  },
);
