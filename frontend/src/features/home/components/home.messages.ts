import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** The home page's own sections: the banner and the contact details. */
export const homeMessages = defineCatalog(
  {
    heroBadge: "Bangladesh's used motorcycle haat",
    heroTitle: 'Hey Bike Lovers',
    heroIntro:
      'Buy and sell second-hand motorcycles with confidence. Browse bikes from verified sellers across Dhaka, Chattogram and beyond, book the one you like, meet the seller and pay by card, bKash or cash.',
    getStarted: 'Get Started',
    browseCategories: 'Browse categories →',
    verifiedSellers: 'Verified sellers',
    liveAvailability: 'Live availability',
    payWays: 'Card, bKash or cash',


    email: 'Email',
    contactTitle: 'Contact us',
    contactIntro: 'Questions about a bike or a booking? We are here to help.',
    visitUs: 'Visit us',
    address: 'House 12, Road 5, Dhanmondi, Dhaka 1205',
    callUs: 'Call us',
    open: 'Open',
    hours: 'Saturday – Thursday, 10am – 8pm',
  },
  {
    heroBadge: 'বাংলাদেশের পুরোনো মোটরসাইকেলের হাট',
    heroTitle: 'স্বাগতম, বাইকপ্রেমীরা',
    heroIntro:
      'নিশ্চিন্তে পুরোনো মোটরসাইকেল কিনুন ও বিক্রি করুন। ঢাকা, চট্টগ্রামসহ সারা দেশের যাচাই করা বিক্রেতাদের বাইক দেখুন, পছন্দেরটা বুক করুন, বিক্রেতার সঙ্গে দেখা করুন, আর দাম দিন কার্ডে, বিকাশে বা নগদে।',
    getStarted: 'শুরু করুন',
    browseCategories: 'ক্যাটাগরি দেখুন →',
    verifiedSellers: 'যাচাই করা বিক্রেতা',
    liveAvailability: 'বাইক আছে কি না, সঙ্গে সঙ্গে জানুন',
    payWays: 'কার্ড, বিকাশ বা নগদ',


    email: 'ইমেইল',
    contactTitle: 'যোগাযোগ করুন',
    contactIntro: 'বাইক বা বুকিং নিয়ে কিছু জানার আছে? আমরা সাহায্য করতে আছি।',
    visitUs: 'আমাদের ঠিকানা',
    address: 'বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫',
    callUs: 'ফোন করুন',
    open: 'খোলা থাকে',
    hours: 'শনিবার – বৃহস্পতিবার, সকাল ১০টা – রাত ৮টা',
  },
);
