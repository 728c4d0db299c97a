// A deal's times in Dhaka's time, in the page's language (`dhakaTime` of
// `@/lib/i18n/dates.ts`): "Fri 27 Nov, 5:30 pm" / "শুক্রবার, ২৭ নভেম্বর, বিকেল ৫:৩০".
export { dhakaTime as formatDealTime } from '@/lib/i18n/dates.ts';
