import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** The home page's own sections: the banner, the testimonials, the review form and the contact details. */
export const homeMessages = defineCatalog(
  {
    heroBadge: "Bangladesh's used motorcycle haat",
    heroTitle: 'Hey Bike Lovers',
    heroIntro:
      'Buy and sell second-hand motorcycles with confidence. Browse bikes from verified sellers across Dhaka, Chattogram and beyond, book the one you like and pay safely by card.',
    getStarted: 'Get Started',
    browseCategories: 'Browse categories →',
    verifiedSellers: 'Verified sellers',
    liveAvailability: 'Live availability',
    securePayment: 'Secure card payment',

    testimonials: 'Testimonials',
    clientsSay: 'What our clients say',
    previousTestimonial: 'Previous testimonial',
    nextTestimonial: 'Next testimonial',
    fiveStars: '5 out of 5 stars',
    tanvirName: 'Tanvir Ahmed',
    tanvirPlace: 'Mirpur, Dhaka',
    tanvirQuote:
      'Found a 2021 Yamaha FZS in great condition within a week. The seller was verified and the meet-up in Mirpur was smooth.',
    nusratName: 'Nusrat Jahan',
    nusratPlace: 'Agrabad, Chattogram',
    nusratQuote:
      'I sold my scooter in two days. Buyers could see it was still available in real time, so nobody wasted a trip.',
    rakibulName: 'Rakibul Hasan',
    rakibulPlace: 'Zindabazar, Sylhet',
    rakibulQuote:
      'Paying by card felt much safer than carrying cash. Clear photos, honest descriptions and a fair price.',

    reviewTitle: 'Give a Review',
    reviewIntro: 'Tell other riders how BikeHaat worked for you.',
    fullName: 'Full name',
    fullNamePlaceholder: 'Your full name',
    email: 'Email',
    message: 'Message',
    messagePlaceholder: 'Your experience',
    submitReview: 'Submit Review',
    comingSoon: 'It will be functional very soon.',

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
      'নিশ্চিন্তে পুরোনো মোটরসাইকেল কিনুন ও বিক্রি করুন। ঢাকা, চট্টগ্রামসহ সারা দেশের যাচাই করা বিক্রেতাদের বাইক দেখুন, পছন্দেরটা বুক করুন আর কার্ডে নিরাপদে দাম দিন।',
    getStarted: 'শুরু করুন',
    browseCategories: 'ক্যাটাগরি দেখুন →',
    verifiedSellers: 'যাচাই করা বিক্রেতা',
    liveAvailability: 'বাইক আছে কি না, সঙ্গে সঙ্গে জানুন',
    securePayment: 'নিরাপদ কার্ড পেমেন্ট',

    testimonials: 'গ্রাহকদের কথা',
    clientsSay: 'আমাদের গ্রাহকেরা যা বলেন',
    previousTestimonial: 'আগের মতামত',
    nextTestimonial: 'পরের মতামত',
    fiveStars: '৫-এ ৫ স্টার',
    tanvirName: 'তানভীর আহমেদ',
    tanvirPlace: 'মিরপুর, ঢাকা',
    tanvirQuote:
      'এক সপ্তাহের মধ্যেই দারুণ কন্ডিশনের একটা ২০২১ সালের Yamaha FZS পেয়ে গেলাম। বিক্রেতা যাচাই করা ছিলেন, মিরপুরে দেখা করাটাও ঝামেলা ছাড়াই হয়েছে।',
    nusratName: 'নুসরাত জাহান',
    nusratPlace: 'আগ্রাবাদ, চট্টগ্রাম',
    nusratQuote:
      'দুই দিনেই আমার স্কুটারটা বিক্রি হয়ে গেল। ক্রেতারা সঙ্গে সঙ্গে দেখতে পাচ্ছিলেন যে ওটা তখনো আছে, তাই কাউকে খালি হাতে ফিরতে হয়নি।',
    rakibulName: 'রাকিবুল হাসান',
    rakibulPlace: 'জিন্দাবাজার, সিলেট',
    rakibulQuote: 'নগদ টাকা নিয়ে ঘোরার চেয়ে কার্ডে দাম দেওয়া অনেক নিরাপদ লেগেছে। পরিষ্কার ছবি, সৎ বর্ণনা আর ন্যায্য দাম।',

    reviewTitle: 'আপনার মতামত দিন',
    reviewIntro: 'BikeHaat-এ আপনার অভিজ্ঞতা কেমন ছিল, অন্য রাইডারদের জানান।',
    fullName: 'পুরো নাম',
    fullNamePlaceholder: 'আপনার পুরো নাম',
    email: 'ইমেইল',
    message: 'মন্তব্য',
    messagePlaceholder: 'আপনার অভিজ্ঞতা',
    submitReview: 'মতামত পাঠান',
    comingSoon: 'এটি খুব শিগগির চালু হবে।',

    contactTitle: 'যোগাযোগ করুন',
    contactIntro: 'বাইক বা বুকিং নিয়ে কিছু জানার আছে? আমরা সাহায্য করতে আছি।',
    visitUs: 'আমাদের ঠিকানা',
    address: 'বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫',
    callUs: 'ফোন করুন',
    open: 'খোলা থাকে',
    hours: 'শনিবার – বৃহস্পতিবার, সকাল ১০টা – রাত ৮টা',
  },
);
