import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * An admin's Reject with a reason (a seller's ID photos, a listing in review): the field
 * and its rules, the buttons. `max` is in the page's digits.
 */
export const rejectDialogMessages = defineCatalog(
  {
    reason: 'Reason',
    sayWhy: 'Please say why, so the seller can fix it',
    atMost: 'Please keep it to {max} characters',
    cancel: 'Cancel',
    reject: 'Reject',
    rejecting: 'Rejecting…',
  },
  {
    reason: 'কারণ',
    sayWhy: 'কেন, তা লিখুন, যাতে বিক্রেতা ঠিক করে নিতে পারেন',
    atMost: '{max} অক্ষরের মধ্যে লিখুন',
    cancel: 'বাতিল',
    reject: 'ফিরিয়ে দিন',
    rejecting: 'ফিরিয়ে দেওয়া হচ্ছে…',
  },
);
