/** The blog's four static articles: what a rider should know before buying or selling a used bike. */
import type { Locale } from '@/lib/i18n/locale.ts';

/** What an article is about, named on its tag in the page's language. */
export type ArticleTag = 'Buying' | 'Papers' | 'Prices' | 'Safety';

/** An article's title and text in each of the marketplace's languages; the page shows its own. */
export interface Article {
  /** Its anchor on the page too: `/blog#<slug>` lands on it. */
  slug: string;
  title: Record<Locale, string>;
  tag: ArticleTag;
  date: string;
  minutes: number;
  paragraphs: Record<Locale, readonly string[]>;
}

export const ARTICLES: Article[] = [
  {
    slug: 'buying-a-used-bike-safely',
    title: {
      en: 'Buying a used bike safely: what to check before you pay',
      bn: 'নিরাপদে পুরোনো বাইক কেনা: টাকা দেওয়ার আগে যা দেখে নেবেন',
    },
    tag: 'Buying',
    date: '2026-10-04',
    minutes: 4,
    paragraphs: {
      en: [
        'Look at the bike in daylight and ask the seller not to start it before you arrive: a cold start shows what a warm engine hides. It should start within a few tries, idle evenly and not blow blue or thick white smoke. Listen for knocking or a rattling chain.',
        'Walk round it slowly. Oil on the front forks or under the engine, a bent handlebar, scraped levers and fresh paint on one side point to a fall. Check the chain and sprockets (hooked teeth mean a replacement soon), the brakes, the tyres for cracks and even wear, and that the lights, horn and indicators work. A low odometer on a bike with worn footpegs, grips and seat does not add up.',
        'Compare the chassis and engine numbers stamped on the bike with the registration certificate, and take a short test ride with your licence. If you are unsure, pay a trusted mechanic for half an hour: it costs far less than a bad engine. Never send money before you have seen the bike and its papers.',
      ],
      bn: [
        'বাইকটা দিনের আলোয় দেখুন, আর বিক্রেতাকে আগেই বলে রাখুন আপনি পৌঁছানোর আগে যেন স্টার্ট না দেন: ইঞ্জিন গরম হয়ে গেলে অনেক সমস্যা চাপা পড়ে যায়, ঠান্ডা ইঞ্জিনে সেগুলো ধরা পড়ে। কয়েকবারের চেষ্টাতেই স্টার্ট নেওয়া উচিত, আইডলিংয়ে আওয়াজ সমান থাকবে, আর নীল বা ঘন সাদা ধোঁয়া বের হবে না। ইঞ্জিনে ঠকঠক শব্দ হচ্ছে কি না, চেইন খটখট করছে কি না, কান পেতে শুনুন।',
        'ধীরে ধীরে বাইকটার চারপাশ ঘুরে দেখুন। সামনের ফর্কে বা ইঞ্জিনের নিচে তেল, বাঁকা হ্যান্ডেলবার, ঘষা খাওয়া লিভার, কিংবা এক পাশে নতুন রং থাকলে বুঝবেন বাইকটা কখনো পড়েছিল। চেইন আর স্প্রোকেট দেখুন (দাঁতগুলো বাঁকা হয়ে গেলে শিগগিরই বদলাতে হবে), ব্রেক দেখুন, টায়ারে ফাটল আছে কি না আর সমানভাবে ক্ষয় হয়েছে কি না দেখুন, আর লাইট, হর্ন, ইন্ডিকেটর ঠিকমতো কাজ করছে কি না মিলিয়ে নিন। ফুটরেস্ট, গ্রিপ আর সিট ক্ষয়ে গেছে অথচ মিটারে কিমি খুব কম — এই হিসাব মেলে না।',
        'বাইকের গায়ে খোদাই করা চেসিস আর ইঞ্জিন নম্বর রেজিস্ট্রেশন সার্টিফিকেটের সাথে মিলিয়ে নিন, আর নিজের লাইসেন্স সাথে নিয়ে ছোট একটা টেস্ট রাইড দিন। মনে সন্দেহ থাকলে আধা ঘণ্টার জন্য বিশ্বস্ত কোনো মেকানিককে টাকা দিয়ে সাথে নিয়ে যান: খারাপ ইঞ্জিনের খরচের তুলনায় এটা কিছুই না। বাইক আর তার কাগজপত্র নিজের চোখে না দেখে কখনো টাকা পাঠাবেন না।',
      ],
    },
  },
  {
    slug: 'paperwork-and-ownership-transfer',
    title: {
      en: 'Paperwork and ownership transfer with BRTA',
      bn: 'কাগজপত্র আর BRTA-তে মালিকানা বদলি',
    },
    tag: 'Papers',
    date: '2026-09-18',
    minutes: 4,
    paragraphs: {
      en: [
        'Before paying, see the original registration certificate, the current tax token and the seller’s NID, and make sure the name on the registration is the seller’s. If the bike was bought on a bank or company loan, the registration shows it: ask for the lender’s no-objection letter, or the bike cannot be transferred to you.',
        'Sign a simple sale receipt with the date, price, registration, chassis and engine numbers, and both signatures. The seller signs the BRTA ownership transfer forms and gives you copies of their NID and photo. You then apply at the BRTA circle office where the bike is registered, or start on the BRTA service portal, with your own NID, the forms, the original papers and the transfer fee. Ask the office which of you must attend in person.',
        'Do it within days, not months. Until BRTA records you as the owner, any case or fine against the bike goes to the seller, and you cannot renew its papers or sell it on cleanly. Keep the old owner’s phone number until your new registration arrives.',
      ],
      bn: [
        'টাকা দেওয়ার আগে আসল রেজিস্ট্রেশন সার্টিফিকেট, মেয়াদ আছে এমন ট্যাক্স টোকেন আর বিক্রেতার জাতীয় পরিচয়পত্র (NID) দেখে নিন, আর খেয়াল করুন রেজিস্ট্রেশনে নামটা বিক্রেতারই কি না। বাইকটা ব্যাংক বা কোনো কোম্পানির লোনে কেনা হলে রেজিস্ট্রেশনেই সেটা লেখা থাকে: তখন যারা লোন দিয়েছে তাদের অনাপত্তিপত্র (NOC) চেয়ে নিন, নইলে বাইকটা আপনার নামে বদলি করা যাবে না।',
        'একটা সাধারণ বিক্রির রসিদ লিখে নিন: তাতে তারিখ, দাম, রেজিস্ট্রেশন নম্বর, চেসিস আর ইঞ্জিন নম্বর থাকবে, আর থাকবে দুজনেরই সই। বিক্রেতা BRTA-র মালিকানা বদলির ফর্মগুলোতে সই করে দেবেন, সাথে তাঁর NID-র কপি আর ছবি দেবেন। এরপর নিজের NID, ফর্মগুলো, আসল কাগজপত্র আর বদলির ফি নিয়ে যে BRTA সার্কেল অফিসে বাইকটা রেজিস্ট্রেশন করা আছে সেখানে আবেদন করুন, অথবা BRTA-র সার্ভিস পোর্টালে অনলাইনে শুরু করুন। আপনাদের দুজনের মধ্যে কাকে নিজে গিয়ে হাজির থাকতে হবে, সেটা অফিসে জিজ্ঞেস করে নিন।',
        'কাজটা মাসের পর মাস ফেলে রাখবেন না, কয়েক দিনের মধ্যেই সেরে ফেলুন। BRTA-র খাতায় আপনি মালিক না হওয়া পর্যন্ত বাইকটার নামে কোনো মামলা বা জরিমানা হলে সেটা যাবে বিক্রেতার কাছে, আর আপনিও এর কাগজপত্র নবায়ন করতে বা ঝামেলা ছাড়া আবার বিক্রি করতে পারবেন না। নতুন রেজিস্ট্রেশন হাতে না আসা পর্যন্ত আগের মালিকের ফোন নম্বরটা রেখে দিন।',
      ],
    },
  },
  {
    slug: 'what-a-fair-price-looks-like',
    title: {
      en: 'What a fair price looks like for a used bike',
      bn: 'পুরোনো বাইকের ন্যায্য দাম কেমন হয়',
    },
    tag: 'Prices',
    date: '2026-08-29',
    minutes: 3,
    paragraphs: {
      en: [
        'Start from the bikes like it: search BikeHaat for the same brand and model, then narrow to a few years and a similar distance driven. Three or four comparable listings tell you more than any rule of thumb.',
        'Age and kilometres matter most. A commuter bike that has done 10,000 km a year is normal; a five-year-old bike showing 6,000 km deserves questions. Papers that are up to date, one owner, service receipts and new tyres or chain are worth paying for. Loud exhausts and other modifications rarely add value, and a fall or a weak engine takes a lot off.',
        'Sellers: price a little above what you will accept and say why it is worth it in the description. Buyers: make an offer based on what you found on the bike, not a round number off the top. If a price is far below every similar listing, be careful rather than quick.',
      ],
      bn: [
        'একই রকম বাইক দেখে শুরু করুন: BikeHaat-এ একই ব্র্যান্ড আর মডেল খুঁজুন, তারপর কাছাকাছি বছরের আর প্রায় সমান কিমি চলা বাইকগুলো বেছে নিন। আন্দাজে বলা যেকোনো হিসাবের চেয়ে এমন তিন-চারটা বিজ্ঞাপন আপনাকে অনেক বেশি বলে দেবে।',
        'সবচেয়ে বেশি গুরুত্বপূর্ণ হলো বাইকের বয়স আর কত কিমি চলেছে। রোজকার যাতায়াতের বাইক বছরে ১০,০০০ কিমি চলা স্বাভাবিক; কিন্তু পাঁচ বছরের পুরোনো বাইকে মাত্র ৬,০০০ কিমি দেখালে প্রশ্ন করা উচিত। হালনাগাদ কাগজপত্র, এক মালিকের বাইক, সার্ভিসিংয়ের রসিদ, নতুন টায়ার বা চেইন — এগুলোর জন্য একটু বেশি দাম দেওয়াই যায়। জোরে আওয়াজ করা এক্সহস্ট বা অন্য মডিফিকেশনে দাম খুব কমই বাড়ে, আর বাইক আগে পড়ে থাকলে বা ইঞ্জিন দুর্বল হলে দাম অনেকটাই কমে যায়।',
        'বিক্রেতা হলে: যে দামে ছাড়তে রাজি, তার চেয়ে একটু বেশি দাম চান, আর বিবরণে লিখে দিন বাইকটা কেন সেই দামের যোগ্য। ক্রেতা হলে: বাইকে যা দেখলেন তার ভিত্তিতে প্রস্তাব দিন, চাওয়া দাম থেকে আন্দাজে একটা গোল অঙ্ক কমিয়ে নয়। কোনো দাম একই রকম সব বিজ্ঞাপনের চেয়ে অনেক কম হলে তাড়াহুড়া না করে সাবধান হোন।',
      ],
    },
  },
  {
    slug: 'meeting-a-seller-safely',
    title: {
      en: 'Meeting a seller (or a buyer) safely',
      bn: 'বিক্রেতার (বা ক্রেতার) সাথে নিরাপদে দেখা করা',
    },
    tag: 'Safety',
    date: '2026-08-11',
    minutes: 3,
    paragraphs: {
      en: [
        'Meet in daylight in a busy public place, such as a petrol pump, a market car park or outside a bank, and bring a friend. Tell someone at home where you are going. Sellers can meet near their home but need not invite strangers inside.',
        'Never pay an advance or a “booking fee” by bKash, Nagad or bank transfer to hold a bike you have not seen; that is the most common scam. Sellers: before a test ride, hold the buyer’s NID card and the key of the bike they came on, or ride along. Count cash in front of each other, or better, pay at a bank where it can be checked.',
        'Hand over the bike, the keys and the papers together, against the full price and a signed receipt. If anything feels wrong — a changed meeting place at the last minute, pressure to hurry, papers “coming later” — walk away. Use Report to Admin on BikeHaat so other riders are warned too.',
      ],
      bn: [
        'দিনের আলোয়, লোকজন আছে এমন জায়গায় দেখা করুন — যেমন পেট্রোল পাম্প, মার্কেটের পার্কিং বা কোনো ব্যাংকের সামনে — আর সাথে একজন বন্ধুকে নিয়ে যান। কোথায় যাচ্ছেন, বাসার কাউকে জানিয়ে যান। বিক্রেতা চাইলে বাসার কাছাকাছি দেখা করতে পারেন, তবে অচেনা কাউকে ঘরের ভেতরে ডাকার দরকার নেই।',
        'যে বাইক নিজের চোখে দেখেননি, সেটা আটকে রাখতে বিকাশ, নগদ বা ব্যাংক ট্রান্সফারে কখনো অগ্রিম বা “বুকিং ফি” পাঠাবেন না; সবচেয়ে বেশি প্রতারণা হয় এভাবেই। বিক্রেতা হলে: টেস্ট রাইডের আগে ক্রেতার NID কার্ড আর তিনি যে বাইকে এসেছেন তার চাবি নিজের কাছে রাখুন, অথবা নিজেও পেছনে বসে যান। হাতে হাতে টাকা দিলে দুজনের সামনেই গুনে নিন, আরও ভালো হয় ব্যাংকে গিয়ে লেনদেন করলে, যেখানে টাকাটা যাচাই করে নেওয়া যায়।',
        'পুরো দাম আর সই করা রসিদ হাতে পেলে তবেই বাইক, চাবি আর কাগজপত্র একসাথে হস্তান্তর করুন। কোনো কিছু গোলমেলে মনে হলে — শেষ মুহূর্তে দেখা করার জায়গা বদলানো, তাড়াহুড়া করার চাপ, কাগজপত্র “পরে দিচ্ছি” — সেখান থেকে চলে আসুন। BikeHaat-এ “অ্যাডমিনকে জানান” চেপে আমাদের জানিয়ে দিন, যাতে অন্য রাইডাররাও সাবধান হতে পারেন।',
      ],
    },
  },
];
