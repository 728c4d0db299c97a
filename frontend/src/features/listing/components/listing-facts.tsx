// Everything a listing says about the bike, as a list of terms: what a buyer compares
// (brand, model, engine size, kilometres, registration year, where it is) and the spec's
// own fields. A field an older listing does not have is left out, not shown empty.
import type { Listing } from '@/lib/api/types.ts';
import { formatPostTime } from '@/utils/format-post-time.ts';

const count = new Intl.NumberFormat('en-IN');

/** "Mirpur 10, Dhaka": the area and district, or the location as the seller wrote it. */
export function placeOf(listing: Pick<Listing, 'area' | 'district' | 'location'>): string {
  const parts = [listing.area, listing.district].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : listing.location;
}

export function ListingFacts({ listing }: { listing: Listing }) {
  const facts: [term: string, value: string | null | undefined][] = [
    ['Brand', listing.brand],
    ['Model', listing.model],
    ['Engine', listing.engineCc == null ? null : `${String(listing.engineCc)} cc`],
    ['Km driven', listing.kmDriven == null ? null : `${count.format(listing.kmDriven)} km`],
    ['Registration year', listing.registrationYear == null ? null : String(listing.registrationYear)],
    ['Location', placeOf(listing)],
    ['Condition', listing.condition],
    ['Color', listing.color],
    ['Purchase year', String(listing.purchaseYear)],
    ['Years of use', String(listing.yearsOfUse)],
    ['Posted', formatPostTime(listing.postTime)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {facts
        .filter((fact): fact is [string, string] => Boolean(fact[1]))
        .map(([term, value]) => (
          <div key={term} className="min-w-0 rounded-xl bg-white px-3 py-2 ring-1 ring-stone-200">
            <dt className="text-xs text-stone-500">{term}</dt>
            <dd className="font-semibold break-words text-stone-900">
              {term === 'Posted' ? <time dateTime={listing.postTime}>{value}</time> : value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
