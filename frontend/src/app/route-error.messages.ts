import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const routeErrorMessages = defineCatalog(
  {
    title: 'This page could not be loaded',
    chunkTitle: 'This page did not arrive',
    chunk:
      'Your connection may have dropped, or BikeHaat was updated since you opened it. Reload to get the page.',
    timedOut: 'Loading the page timed out. Check your connection and reload.',
    somethingWrong: 'Something went wrong.',
    reload: 'Reload',
    tryAgain: 'Try again',
    home: 'Go to the homepage',
  },
  {
    title: 'পেজটি খোলা গেল না',
    chunkTitle: 'পেজটি এসে পৌঁছায়নি',
    chunk: 'হয়তো ইন্টারনেট সংযোগ কেটে গিয়েছিল, অথবা পেজটি খোলার পর BikeHaat হালনাগাদ হয়েছে। পেজটি পেতে রিলোড করুন।',
    timedOut: 'পেজ আসতে অনেক সময় লাগছে। ইন্টারনেট সংযোগ দেখে রিলোড করুন।',
    somethingWrong: 'কিছু একটা গোলমাল হয়েছে।',
    reload: 'রিলোড করুন',
    tryAgain: 'আবার চেষ্টা করুন',
    home: 'হোম পেজে যান',
  },
);
