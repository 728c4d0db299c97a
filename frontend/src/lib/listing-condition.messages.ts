import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** The conditions the listing form offers (`CONDITIONS`), in both languages. */
export const conditionMessages = defineCatalog(
  { Excellent: 'Excellent', Good: 'Good', Fair: 'Fair' } as const,
  { Excellent: 'খুব ভালো', Good: 'ভালো', Fair: 'মোটামুটি' },
);
