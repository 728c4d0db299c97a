import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * Report to Admin's reason and note (docs/trust.md, "Reports with reasons"); the
 * dialog's title, the product's question and its buttons are the listing actions'.
 * `max` is in the page's digits.
 */
export const reportListingMessages = defineCatalog(
  {
    why: 'Why are you reporting it?',
    chooseWhy: 'Please choose why you are reporting this bike',
    note: 'Anything to add? (optional)',
    noteForOther: 'What is wrong?',
    notePlaceholder: 'For example: the seller asked for a bKash advance before showing the bike',
    sayWhatIsWrong: 'Please say what is wrong with this bike',
    atMost: 'Please keep it to {max} characters',
    reporting: 'Reporting…',
  },
  {
    why: 'কেন রিপোর্ট করছেন?',
    chooseWhy: 'কেন এই বাইকটা রিপোর্ট করছেন, তা বেছে নিন',
    note: 'আর কিছু বলবেন? (না বললেও চলবে)',
    noteForOther: 'সমস্যাটা কী?',
    notePlaceholder: 'যেমন: বাইক দেখানোর আগেই বিক্রেতা বিকাশে অগ্রিম চেয়েছেন',
    sayWhatIsWrong: 'এই বাইকের সমস্যাটা কী, তা লিখুন',
    atMost: '{max} অক্ষরের মধ্যে লিখুন',
    reporting: 'রিপোর্ট পাঠানো হচ্ছে…',
  },
);
