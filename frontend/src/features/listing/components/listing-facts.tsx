// Everything a listing says about the bike, as a list of terms: what a buyer compares
// (brand, model, engine size, kilometres, registration year, where it is) and the spec's
// own fields. A field an older listing does not have is left out, not shown empty.
import type { Listing } from '@/lib/api/types.ts';
import { formatPostTime } from '@/lib/i18n/dates.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, localDigits } from '@/lib/i18n/numbers.ts';
import { conditionWord } from '@/lib/listing-condition.ts';
import { listingFactsMessages } from './listing-facts.messages.ts';

type Term = keyof (typeof listingFactsMessages)['en'];

/** "Mirpur 10, Dhaka": the area and district, or the location as the seller wrote it. */
export function placeOf(listing: Pick<Listing, 'area' | 'district' | 'location'>): string {
  const parts = [listing.area, listing.district].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : listing.location;
}

export function ListingFacts({ listing }: { listing: Listing }) {
  const t = useT(listingFactsMessages);
  const { locale } = useLanguage();
  const digits = (n: number) => localDigits(String(n), locale);
  const facts: [term: Term, value: string | null | undefined][] = [
    ['brand', listing.brand],
    ['model', listing.model],
    ['engine', listing.engineCc == null ? null : t('engineCc', { cc: digits(listing.engineCc) })],
    ['kmDriven', listing.kmDriven == null ? null : t('km', { km: formatNumber(listing.kmDriven, locale) })],
    ['registrationYear', listing.registrationYear == null ? null : digits(listing.registrationYear)],
    ['location', placeOf(listing)],
    ['condition', conditionWord(listing.condition, locale)],
    ['color', listing.color],
    ['purchaseYear', digits(listing.purchaseYear)],
    ['yearsOfUse', digits(listing.yearsOfUse)],
    ['posted', formatPostTime(listing.postTime, locale)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {facts
        .filter((fact): fact is [Term, string] => Boolean(fact[1]))
        .map(([term, value]) => (
          <div key={term} className="min-w-0 rounded-xl bg-white px-3 py-2 ring-1 ring-stone-200">
            <dt className="text-xs text-stone-500">{t(term)}</dt>
            <dd className="font-semibold break-words text-stone-900">
              {term === 'posted' ? <time dateTime={listing.postTime}>{value}</time> : value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
