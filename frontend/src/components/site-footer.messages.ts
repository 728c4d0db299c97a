import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const siteFooterMessages = defineCatalog(
  {
    tagline:
      'The trusted marketplace for used motorcycles in Bangladesh. Verified sellers, live availability and secure card payments.',
    company: 'Company',
    about: 'About BikeHaat',
    careers: 'Careers',
    press: 'Press kit',
    terms: 'Terms of use',
    privacy: 'Privacy policy',
    buyersAndSellers: 'Buyers & sellers',
    howBuyingWorks: 'How buying works',
    sellingTips: 'Selling tips',
    safeMeetups: 'Safe meet-ups',
    helpCentre: 'Help centre',
    contact: 'Contact',
    address: 'House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh',
    rights: '© {year} BikeHaat. All rights reserved.',
  },
  {
    tagline:
      'বাংলাদেশে পুরোনো মোটরসাইকেল কেনাবেচার ভরসার জায়গা। যাচাই করা বিক্রেতা, কোন বাইক এখনো আছে তা সঙ্গে সঙ্গে দেখা, আর নিরাপদ কার্ড পেমেন্ট।',
    company: 'প্রতিষ্ঠান',
    about: 'BikeHaat সম্পর্কে',
    careers: 'চাকরি',
    press: 'সংবাদমাধ্যমের জন্য',
    terms: 'ব্যবহারের শর্ত',
    privacy: 'গোপনীয়তা নীতি',
    buyersAndSellers: 'ক্রেতা ও বিক্রেতা',
    howBuyingWorks: 'কীভাবে কিনবেন',
    sellingTips: 'বিক্রির পরামর্শ',
    safeMeetups: 'নিরাপদে দেখা করা',
    helpCentre: 'সাহায্য কেন্দ্র',
    contact: 'যোগাযোগ',
    address: 'বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫, বাংলাদেশ',
    rights: '© {year} BikeHaat। সর্বস্বত্ব সংরক্ষিত।',
  },
);
