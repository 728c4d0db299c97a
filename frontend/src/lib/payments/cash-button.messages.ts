import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** What paying in cash means, said beside the way to pay and before it is chosen. */
export const CASH_LINE = 'Nothing is charged now. Pay the seller in cash when you have checked the bike and its papers.';
export const SAFETY_LINE = 'Meet in a public place. Check the bike and its papers before you hand over money or the code.';

export const cashButtonMessages = defineCatalog(
  {
    cashLine: CASH_LINE,
    safetyLine: SAFETY_LINE,
    title: 'Pay cash for {bike} at the meet-up?',
    confirm: 'Pay cash at the meet-up',
    notNow: 'Not now',
    told: '{seller} is told you will pay cash at the meet-up',
    choosing: 'Choosing cash…',
    choose: 'Choose cash at the meet-up',
  },
  {
    cashLine: 'এখন কোনো টাকা কাটা হবে না। বাইক আর তার কাগজপত্র দেখে নেওয়ার পর বিক্রেতাকে নগদে দাম দিন।',
    safetyLine: 'লোকজন আছে এমন জায়গায় দেখা করুন। টাকা বা কোড দেওয়ার আগে বাইক আর তার কাগজপত্র দেখে নিন।',
    title: '{bike}-এর দাম দেখা করার সময় নগদে দেবেন?',
    confirm: 'দেখা করার সময় নগদে দেব',
    notNow: 'এখন না',
    told: '{seller}-কে জানানো হয়েছে যে আপনি দেখা করার সময় নগদে দেবেন',
    choosing: 'নগদ বেছে নেওয়া হচ্ছে…',
    choose: 'দেখা করার সময় নগদে দিন',
  },
);
