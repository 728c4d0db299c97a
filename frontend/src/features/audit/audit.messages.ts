import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * The admins' Audit log (docs/trust.md, "Every admin action on record"): the page, its
 * filter and each entry's parts. `time` is a moment in Dhaka's time, in the page's words;
 * `kind` is what was acted on (user, listing, booking), `label` its name at the time.
 */
export const auditMessages = defineCatalog(
  {
    title: 'Audit log',
    intro:
      'What every admin did to a buyer, a seller, a listing or a deal, newest first: who, what, to whom, why and when. Nothing here can be changed or deleted.',
    show: 'Show',
    everyAction: 'Every action',
    loading: 'Loading the audit log',
    entries: 'Admin actions, newest first',
    empty: 'No admin actions on record yet',
    emptyMore: 'Verifications, reviews, removals, warnings, suspensions and deals settled by an admin show here.',
    emptyFiltered: 'Nothing of this kind on record yet',
    by: 'By',
    to: 'To',
    why: 'Why',
    target:
      '{kind, select, user {Account: {label}} listing {Listing: {label}} booking {Booking: {label}} other {{label}}}',
    older: 'Older',
    loadingOlder: 'Loading older entries…',
    allShown: 'That is everything on record.',
  },
  {
    title: 'অডিট লগ',
    intro:
      'কোনো ক্রেতা, বিক্রেতা, বিজ্ঞাপন বা ডিলের ক্ষেত্রে প্রত্যেক অ্যাডমিন যা করেছেন, নতুনগুলো আগে: কে, কী, কার ক্ষেত্রে, কেন আর কখন। এখানকার কিছুই বদলানো বা মোছা যায় না।',
    show: 'দেখান',
    everyAction: 'সব কাজ',
    loading: 'অডিট লগ লোড হচ্ছে',
    entries: 'অ্যাডমিনদের কাজ, নতুনগুলো আগে',
    empty: 'এখনো অ্যাডমিনদের কোনো কাজের হিসাব নেই',
    emptyMore: 'যাচাই, বিজ্ঞাপন দেখা, সরানো, সতর্ক করা, সাসপেন্ড করা আর অ্যাডমিনের মীমাংসা করা ডিল এখানে দেখাবে।',
    emptyFiltered: 'এ ধরনের কোনো কাজের হিসাব এখনো নেই',
    by: 'কে',
    to: 'কার ক্ষেত্রে',
    why: 'কেন',
    target:
      '{kind, select, user {অ্যাকাউন্ট: {label}} listing {বিজ্ঞাপন: {label}} booking {বুকিং: {label}} other {{label}}}',
    older: 'আরও পুরনো',
    loadingOlder: 'আরও পুরনো কাজ লোড হচ্ছে…',
    allShown: 'হিসাবে যা আছে, সবই দেখানো হয়েছে।',
  },
);

/** Each action the log records, in words (api/audit-log.ts `AUDIT_ACTIONS`). */
export const auditActionMessages = defineCatalog(
  {
    'verification.approved': 'Verified a seller',
    'verification.rejected': 'Turned down a verification',
    'listing.approved': 'Approved a listing',
    'listing.rejected': 'Rejected a listing',
    'listing.removed': 'Removed a listing',
    'reports.dismissed': 'Dismissed reports',
    'user.warned': 'Warned someone',
    'user.suspended': 'Suspended someone',
    'user.deleted': 'Removed an account',
    'deal.released': 'Released a deal',
    'deal.captured': 'Took a stuck payment',
  },
  {
    'verification.approved': 'বিক্রেতাকে যাচাই করেছেন',
    'verification.rejected': 'যাচাইয়ের অনুরোধ ফিরিয়ে দিয়েছেন',
    'listing.approved': 'বিজ্ঞাপন অনুমোদন করেছেন',
    'listing.rejected': 'বিজ্ঞাপন ফিরিয়ে দিয়েছেন',
    'listing.removed': 'বিজ্ঞাপন সরিয়ে দিয়েছেন',
    'reports.dismissed': 'রিপোর্ট খারিজ করেছেন',
    'user.warned': 'কাউকে সতর্ক করেছেন',
    'user.suspended': 'কাউকে সাসপেন্ড করেছেন',
    'user.deleted': 'অ্যাকাউন্ট সরিয়ে দিয়েছেন',
    'deal.released': 'ডিল ছেড়ে দিয়েছেন',
    'deal.captured': 'আটকে থাকা পেমেন্ট নিয়েছেন',
  },
);
