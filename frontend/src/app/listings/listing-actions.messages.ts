import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** What a reader's actions on a listing say: the report's question and the toasts. */
export const listingActionsMessages = defineCatalog(
  {
    reportTitle: 'Report {name} to the admin?',
    reportPrompt: 'Are you sure, You want to report to admin?',
    report: 'Report',
    cancel: 'Cancel',
    reported: 'Successfully Reported to Admin',
    saved: 'Saved to your wishlist',
    removed: 'Removed from your wishlist',
  },
  {
    reportTitle: '{name} অ্যাডমিনকে রিপোর্ট করবেন?',
    reportPrompt: 'আপনি কি নিশ্চিত, অ্যাডমিনকে রিপোর্ট করতে চান?',
    report: 'রিপোর্ট করুন',
    cancel: 'বাতিল',
    reported: 'অ্যাডমিনকে রিপোর্ট করা হয়েছে',
    saved: 'পছন্দের তালিকায় রাখা হয়েছে',
    removed: 'পছন্দের তালিকা থেকে সরানো হয়েছে',
  },
);
