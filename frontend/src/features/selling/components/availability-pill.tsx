// A listing's availability in a table: green while for sale, red once sold. English shows
// it as the server writes it; Bangla says the known ones in its own words.
import { Pill } from '@/components/data-table.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { sellingMessages } from '@/features/selling/selling.messages.ts';

export function isSold(listing: Pick<Listing, 'availability'>): boolean {
  return listing.availability.toLowerCase() === 'sold';
}

const STATUSES = { available: 'available', reserved: 'reserved', sold: 'sold' } as const;

export function AvailabilityPill({ listing }: { listing: Pick<Listing, 'availability'> }) {
  const t = useT(sellingMessages);
  const { locale } = useLanguage();
  const known = STATUSES[listing.availability.toLowerCase() as keyof typeof STATUSES] as
    | (typeof STATUSES)[keyof typeof STATUSES]
    | undefined;
  const shown = locale === 'en' || !known ? listing.availability : t(known);
  return <Pill tone={isSold(listing) ? 'red' : 'green'}>{shown}</Pill>;
}
