import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const connectionBannerMessages = defineCatalog(
  {
    offline: 'You are offline',
    unreachable: 'Cannot reach BikeHaat. Trying again…',
    retry: 'Retry',
  },
  {
    offline: 'আপনি অফলাইনে আছেন',
    unreachable: 'BikeHaat-এ পৌঁছানো যাচ্ছে না। আবার চেষ্টা চলছে…',
    retry: 'আবার চেষ্টা করুন',
  },
);
