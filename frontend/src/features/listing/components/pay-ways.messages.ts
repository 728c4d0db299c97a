import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const payWaysMessages = defineCatalog(
  {
    howToPay: 'How to pay',
    waysToPay: 'Ways to pay',
    cash: 'Cash',
    card: 'Card',
    bkash: 'bKash',
    depositToReserve: 'Deposit to reserve:',
    share: '{percent}% of the price ({amount})',
    heldUntilHandover:
      'Held by card or bKash when you reserve, and taken only at the handover; the rest is paid in cash at the meet-up.',
  },
  {
    howToPay: 'কীভাবে টাকা দেবেন',
    waysToPay: 'টাকা দেওয়ার উপায়',
    cash: 'নগদ',
    card: 'কার্ড',
    bkash: 'বিকাশ',
    depositToReserve: 'বুক করতে অগ্রিম:',
    share: 'দামের {percent}% ({amount})',
    heldUntilHandover:
      'বুক করার সময় টাকাটা কার্ড বা বিকাশে আটকে রাখা হয়, কাটা হয় শুধু হস্তান্তরের সময়; বাকি টাকা দেখা করার সময় নগদে দিতে হয়।',
  },
);
