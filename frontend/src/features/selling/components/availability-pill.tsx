// A listing's availability in a table: green while for sale, red once sold.
import { Pill } from '@/components/data-table.tsx';
import type { Listing } from '@/lib/api/types.ts';

export function isSold(listing: Pick<Listing, 'availability'>): boolean {
  return listing.availability.toLowerCase() === 'sold';
}

export function AvailabilityPill({ listing }: { listing: Pick<Listing, 'availability'> }) {
  return <Pill tone={isSold(listing) ? 'red' : 'green'}>{listing.availability}</Pill>;
}
