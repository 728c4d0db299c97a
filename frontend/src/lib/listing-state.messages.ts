import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * A listing that is not live, as its seller (and admins) see it: on My Products, on its
 * page and on its edit page (lib/listing-state.ts). `reason` is the admin's own words.
 */
export const listingStateMessages = defineCatalog(
  {
    inReview: 'In review',
    rejected: 'Rejected',
    rejectedBecause: 'Rejected: {reason}',
    inReviewWhy: 'In review: an admin looks at new sellers’ first listings before buyers see them.',
    weTellYou: 'We will tell you as soon as it is live.',
    editSendsBack: 'Edit it to fix what the admin said: saving it sends it back for review.',
    editWhileInReview: 'Saving your changes sends it to the back of the review queue.',
    pageInReview: 'In review — buyers cannot see this bike yet',
    pageRejected: 'Buyers cannot see this bike: edit it to send it back for review.',
  },
  {
    inReview: 'যাচাই চলছে',
    rejected: 'ফিরিয়ে দেওয়া হয়েছে',
    rejectedBecause: 'ফিরিয়ে দেওয়া হয়েছে: {reason}',
    inReviewWhy: 'যাচাই চলছে: নতুন বিক্রেতার প্রথম বিজ্ঞাপনগুলো ক্রেতারা দেখার আগে একজন অ্যাডমিন দেখে নেন।',
    weTellYou: 'বিজ্ঞাপনটি চালু হলেই আমরা আপনাকে জানাব।',
    editSendsBack: 'অ্যাডমিন যা বলেছেন তা ঠিক করে বিজ্ঞাপনটি বদলান: সেভ করলেই এটা আবার যাচাইয়ে যাবে।',
    editWhileInReview: 'বদলানো সেভ করলে বিজ্ঞাপনটি যাচাইয়ের সারির একদম শেষে চলে যাবে।',
    pageInReview: 'যাচাই চলছে — ক্রেতারা এখনো এই বাইকটি দেখতে পাচ্ছেন না',
    pageRejected: 'ক্রেতারা এই বাইকটি দেখতে পাচ্ছেন না: বদলে দিলে এটা আবার যাচাইয়ে যাবে।',
  },
);
