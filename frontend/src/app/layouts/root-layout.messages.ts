import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const rootLayoutMessages = defineCatalog(
  { closeToast: 'Close this message' },
  { closeToast: 'বার্তাটি বন্ধ করুন' },
);
