import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** Any unknown address. */
export const notFoundMessages = defineCatalog(
  {
    pageTitle: 'Page not found',
    title: "Sorry, we couldn't find this page",
    explanation: 'The bike or page you were looking for may have been sold, moved or never existed.',
    home: 'Back to the homepage',
  },
  {
    pageTitle: 'পেজটি পাওয়া যায়নি',
    title: 'দুঃখিত, পেজটি খুঁজে পাওয়া গেল না',
    explanation: 'যে বাইক বা পেজ খুঁজছেন, সেটি হয়তো বিক্রি হয়ে গেছে, সরিয়ে নেওয়া হয়েছে, বা কখনো ছিলই না।',
    home: 'হোম পেজে ফিরে যান',
  },
);
