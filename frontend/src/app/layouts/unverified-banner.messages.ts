import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** The strip asking a signed-in user to confirm their address; `email` is shown in bold. */
export const unverifiedBannerMessages = defineCatalog(
  {
    region: 'Confirm your email',
    pleaseConfirm: 'Please confirm your email address: we sent a link to {email}.',
    resend: 'Resend',
  },
  {
    region: 'ইমেইল নিশ্চিত করুন',
    pleaseConfirm: 'আপনার ইমেইল ঠিকানা নিশ্চিত করুন: {email} ঠিকানায় একটা লিংক পাঠিয়েছি।',
    resend: 'আবার পাঠান',
  },
);
