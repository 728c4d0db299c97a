import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const siteFooterMessages = defineCatalog(
  {
    tagline:
      'The trusted marketplace for used motorcycles in Bangladesh. Verified sellers, live availability, and pay by card, bKash or cash.',
    marketplace: 'Marketplace',
    allBikes: 'All bikes',
    categories: 'Categories',
    blog: 'Blog',
    buyersAndSellers: 'Buyers & sellers',
    howBuyingWorks: 'Buying a used bike safely',
    papers: 'Papers and BRTA transfer',
    fairPrice: 'What a fair price looks like',
    safeMeetups: 'Safe meet-ups',
    contact: 'Contact',
    address: 'House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh',
    rights: '© {year} BikeHaat. All rights reserved.',
  },
  {
    tagline:
      'বাংলাদেশে পুরোনো মোটরসাইকেল কেনাবেচার ভরসার জায়গা। যাচাই করা বিক্রেতা, কোন বাইক এখনো আছে তা সঙ্গে সঙ্গে দেখা, আর দাম দেওয়া কার্ডে, বিকাশে বা নগদে।',
    marketplace: 'মার্কেটপ্লেস',
    allBikes: 'সব বাইক',
    categories: 'ক্যাটাগরি',
    blog: 'ব্লগ',
    buyersAndSellers: 'ক্রেতা ও বিক্রেতা',
    howBuyingWorks: 'নিরাপদে পুরোনো বাইক কেনা',
    papers: 'কাগজপত্র ও BRTA-তে নাম বদল',
    fairPrice: 'ন্যায্য দাম কেমন',
    safeMeetups: 'নিরাপদে দেখা করা',
    contact: 'যোগাযোগ',
    address: 'বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫, বাংলাদেশ',
    rights: '© {year} BikeHaat। সর্বস্বত্ব সংরক্ষিত।',
  },
);
