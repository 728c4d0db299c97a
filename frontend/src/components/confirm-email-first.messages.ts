import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * What stands in for a form that needs a proven address: what it waits for (one line per
 * act), where the link went (`email`) and the way to have it mailed again.
 */
export const confirmEmailFirstMessages = defineCatalog(
  {
    book: 'Confirm your email address to book this bike',
    list: 'Confirm your email address to list a bike',
    message: 'Confirm your email address to write to the seller',
    reply: 'Confirm your email address to write here',
    verify: 'Confirm your email address to get verified',
    openLink: 'We sent a link to {email}. Open it, then come back to this page to go on.',
    sendAgain: 'Send the link again',
  },
  {
    book: 'বাইকটি বুক করতে আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
    list: 'বাইক তালিকাভুক্ত করতে আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
    message: 'বিক্রেতাকে লিখতে আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
    reply: 'এখানে লিখতে আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
    verify: 'যাচাই করাতে আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
    openLink: '{email} ঠিকানায় একটা লিংক পাঠিয়েছি। লিংকটি খুলে এই পেজে ফিরে আসুন।',
    sendAgain: 'লিংকটি আবার পাঠান',
  },
);
