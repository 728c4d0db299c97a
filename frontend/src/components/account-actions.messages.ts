import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * An admin's Warn and Suspend (docs/trust.md, "Warnings and suspensions"): the buttons,
 * what each dialog says will happen, its quick reasons and the toasts (the reason field
 * and Cancel are the shared reject dialog's).
 */
export const accountActionsMessages = defineCatalog(
  {
    warn: 'Warn',
    suspend: 'Suspend',
    warnSeller: 'Warn seller',
    suspendSeller: 'Suspend seller',
    warnTitle: 'Warn {name}?',
    warnAbout: 'They get a notification with your reason, and nothing else changes. The warning is on the audit log.',
    warnPlaceholder: 'For example: please do not ask buyers for money before they see the bike',
    warnSayWhy: 'Please say why: they read it with the warning',
    warning: 'Warning…',
    warned: '{name} is warned: they are told why',
    warnMoney: 'Do not ask buyers for money before they see the bike',
    warnSold: 'Do not keep bikes listed once they are sold',
    warnDetails: 'Please give true details of the bikes you list',
    warnPolite: 'Please be polite in your messages',
    suspendTitle: 'Suspend {name}?',
    suspendAbout:
      'They are signed out everywhere and cannot sign in or sign up again, and their unsold bikes leave the site. A suspension cannot be lifted here yet.',
    suspendPlaceholder: 'For example: took advances from buyers and never showed the bike',
    suspendSayWhy: 'Please say why: it is kept on the audit log',
    suspending: 'Suspending…',
    suspended: '{name} is suspended',
    suspendScam: 'Took money from buyers and did not show the bike',
    suspendStolen: 'Listed a stolen bike or forged papers',
    suspendAgain: 'Warned before, and did it again',
    suspendFake: 'A fake account',
  },
  {
    warn: 'সতর্ক করুন',
    suspend: 'সাসপেন্ড করুন',
    warnSeller: 'বিক্রেতাকে সতর্ক করুন',
    suspendSeller: 'বিক্রেতাকে সাসপেন্ড করুন',
    warnTitle: '{name}-কে সতর্ক করবেন?',
    warnAbout: 'আপনার লেখা কারণসহ তিনি একটি নোটিফিকেশন পাবেন, আর কিছু বদলাবে না। সতর্ক করার কথা অডিট লগে থাকবে।',
    warnPlaceholder: 'যেমন: বাইক দেখার আগে ক্রেতাদের কাছে টাকা চাইবেন না',
    warnSayWhy: 'কেন, তা লিখুন: সতর্কবার্তার সঙ্গে তিনি এটা পড়বেন',
    warning: 'সতর্ক করা হচ্ছে…',
    warned: '{name}-কে সতর্ক করা হয়েছে: কারণটা তাঁকে জানানো হয়েছে',
    warnMoney: 'বাইক দেখার আগে ক্রেতাদের কাছে টাকা চাইবেন না',
    warnSold: 'বিক্রি হয়ে যাওয়া বাইকের বিজ্ঞাপন রেখে দেবেন না',
    warnDetails: 'যে বাইকের বিজ্ঞাপন দেন তার সঠিক তথ্য দিন',
    warnPolite: 'মেসেজে ভদ্রভাবে কথা বলুন',
    suspendTitle: '{name}-কে সাসপেন্ড করবেন?',
    suspendAbout:
      'সব জায়গা থেকে তাঁকে লগ আউট করে দেওয়া হবে, তিনি আর লগ ইন বা নতুন করে সাইন আপ করতে পারবেন না, আর তাঁর বিক্রি না হওয়া বাইকগুলো সাইট থেকে সরে যাবে। সাসপেনশন এখনো এখান থেকে তুলে নেওয়া যায় না।',
    suspendPlaceholder: 'যেমন: ক্রেতাদের কাছ থেকে অগ্রিম নিয়ে বাইক দেখাননি',
    suspendSayWhy: 'কেন, তা লিখুন: এটা অডিট লগে থাকবে',
    suspending: 'সাসপেন্ড করা হচ্ছে…',
    suspended: '{name}-কে সাসপেন্ড করা হয়েছে',
    suspendScam: 'ক্রেতাদের কাছ থেকে টাকা নিয়ে বাইক দেখাননি',
    suspendStolen: 'চুরির বাইক বা জাল কাগজের বিজ্ঞাপন দিয়েছেন',
    suspendAgain: 'আগে সতর্ক করা হয়েছিল, আবার একই কাজ করেছেন',
    suspendFake: 'ভুয়া অ্যাকাউন্ট',
  },
);
