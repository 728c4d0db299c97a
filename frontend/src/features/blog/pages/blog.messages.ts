import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * The blog page around its articles. The articles themselves (titles and text, in both
 * languages) are in `articles.ts`.
 */
export const blogMessages = defineCatalog(
  {
    pageTitle: 'Guides for riders',
    kicker: 'BikeHaat Blog',
    title: 'Guides for buying and selling a used bike',
    intro:
      'Short, practical answers to what riders ask us most: checking a bike, the papers, the price and meeting safely.',
    tagBuying: 'Buying',
    tagPapers: 'Papers',
    tagPrices: 'Prices',
    tagSafety: 'Safety',
    minRead: '{minutes} min read',
  },
  {
    pageTitle: 'রাইডারদের জন্য পরামর্শ',
    kicker: 'BikeHaat ব্লগ',
    title: 'পুরোনো বাইক কেনাবেচার গাইড',
    intro:
      'রাইডাররা আমাদের সবচেয়ে বেশি যা জিজ্ঞেস করেন, তার ছোট আর কাজের উত্তর: বাইক দেখে নেওয়া, কাগজপত্র, দাম আর নিরাপদে দেখা করা।',
    tagBuying: 'কেনা',
    tagPapers: 'কাগজপত্র',
    tagPrices: 'দাম',
    tagSafety: 'নিরাপত্তা',
    minRead: 'পড়তে {minutes} মিনিট',
  },
);
