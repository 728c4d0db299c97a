import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * Why a listing is reported, in words (lib/report-reason.ts): the name a buyer picks in
 * Report to Admin and an admin reads in the queue.
 */
export const reportReasonMessages = defineCatalog(
  {
    scam: 'Scam',
    sold: 'Already sold',
    wrong_details: 'Wrong details',
    duplicate: 'Duplicate',
    offensive: 'Offensive',
    other: 'Other',
  },
  {
    scam: 'প্রতারণা',
    sold: 'আগেই বিক্রি হয়ে গেছে',
    wrong_details: 'ভুল তথ্য',
    duplicate: 'একই বাইক দুবার',
    offensive: 'আপত্তিকর',
    other: 'অন্য কিছু',
  },
);

/** What each reason covers, under its name in Report to Admin. */
export const reportReasonHintMessages = defineCatalog(
  {
    scam: 'Asks for money before you meet, or the seller is not who they say',
    sold: 'The bike is sold elsewhere already',
    wrong_details: 'The bike, the price or the papers are not as listed',
    duplicate: 'The same bike is listed again',
    offensive: 'Rude or hateful words or photos',
    other: 'Something else: say what below',
  },
  {
    scam: 'দেখা হওয়ার আগেই টাকা চায়, বা বিক্রেতা যিনি বলছেন তিনি নন',
    sold: 'বাইকটা অন্য কোথাও আগেই বিক্রি হয়ে গেছে',
    wrong_details: 'বাইক, দাম বা কাগজপত্র যেমন লেখা আছে তেমন নয়',
    duplicate: 'একই বাইকের বিজ্ঞাপন আবার দেওয়া হয়েছে',
    offensive: 'অভদ্র বা ঘৃণার কথা বা ছবি',
    other: 'অন্য কোনো সমস্যা: নিচে লিখুন কী',
  },
);
