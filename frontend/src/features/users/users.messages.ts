import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * The admin's buyer and seller tables: each seller's verification and the way to the
 * request they sent, who is suspended and why (docs/trust.md), and deleting accounts
 * (Warn and Suspend are the shared account actions').
 */
export const usersMessages = defineCatalog(
  {
    allBuyers: 'All Buyers',
    allSellers: 'All Sellers',
    sellersIntro:
      'A seller is verified once an admin has seen their ID card: Verify opens the photos they sent. The badge then shows on all their listings.',
    noBuyer: 'There is no buyer yet.',
    noSeller: 'There is no seller yet.',
    loadingBuyers: 'Loading buyers',
    loadingSellers: 'Loading sellers',
    name: 'Name',
    email: 'Email',
    identification: 'Identification',
    action: 'Action',
    accountOf: 'the account of {name}',
    verify: 'Verify',
    noIdYet: 'No ID sent yet',
    suspended: 'Suspended',
    suspendedWhy: 'Suspended: {reason}',
  },
  {
    allBuyers: 'সব ক্রেতা',
    allSellers: 'সব বিক্রেতা',
    sellersIntro:
      'অ্যাডমিন পরিচয়পত্র দেখার পরেই একজন বিক্রেতা যাচাই করা হন: “যাচাই করুন” চাপলে তাঁর পাঠানো ছবিগুলো খুলবে। তখন তাঁর সব বিজ্ঞাপনে ব্যাজটা দেখাবে।',
    noBuyer: 'এখনো কোনো ক্রেতা নেই।',
    noSeller: 'এখনো কোনো বিক্রেতা নেই।',
    loadingBuyers: 'ক্রেতাদের তালিকা লোড হচ্ছে',
    loadingSellers: 'বিক্রেতাদের তালিকা লোড হচ্ছে',
    name: 'নাম',
    email: 'ইমেইল',
    identification: 'পরিচয় যাচাই',
    action: 'অ্যাকশন',
    accountOf: '{name}-এর অ্যাকাউন্ট',
    verify: 'যাচাই করুন',
    noIdYet: 'এখনো পরিচয়পত্র পাঠাননি',
    suspended: 'সাসপেন্ড করা',
    suspendedWhy: 'সাসপেন্ড করা হয়েছে: {reason}',
  },
);
