import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const pageFocusMessages = defineCatalog({ skip: 'Skip to the page' }, { skip: 'সরাসরি পেজে যান' });
