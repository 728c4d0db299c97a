import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const searchBoxMessages = defineCatalog(
  {
    label: 'Search bikes',
    placeholder: 'Search: FZ V3, Pulsar Mirpur, 150cc…',
  },
  {
    label: 'বাইক খুঁজুন',
    placeholder: 'খুঁজুন: পালসার মিরপুর, ২ লাখের নিচে…',
  },
);
