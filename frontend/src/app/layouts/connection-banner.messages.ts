import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const connectionBannerMessages = defineCatalog(
  {
    offline: 'You are offline',
    unreachable: 'Cannot reach BikeHaat. Trying again…',
    reconnecting: 'Live updates paused. Reconnecting…',
    retry: 'Retry',
  },
  {
    offline: 'আপনি অফলাইনে আছেন',
    unreachable: 'BikeHaat-এ পৌঁছানো যাচ্ছে না। আবার চেষ্টা চলছে…',
    reconnecting: 'পেজ এখন নিজে থেকে আপডেট হচ্ছে না। আবার যুক্ত হচ্ছে…',
    retry: 'আবার চেষ্টা করুন',
  },
);
