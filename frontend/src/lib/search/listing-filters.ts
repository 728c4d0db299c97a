// A search for bikes as the products page holds it: the filters of `GET /api/listings`
// (docs/search.md), read from and written to the page's address, so a search can be
// shared and the back button walks through it. The address uses the API's own names,
// so the page's query string is the search's. The live module reads the same filters
// back from a cached search's key to tell whether a new listing matches it.
import type { Listing } from '@/lib/api/types.ts';

export const SORTS = ['newest', 'price-low', 'price-high', 'km'] as const;
export type ListingSort = (typeof SORTS)[number];

/** Every filter as the address writes it; '' is "not set". */
export interface ListingFilters {
  q: string;
  category: string;
  brand: readonly string[];
  ccMin: string;
  ccMax: string;
  /** Taka, digits only. */
  priceMin: string;
  priceMax: string;
  yearMin: string;
  yearMax: string;
  kmMax: string;
  district: string;
  condition: string;
  verified: boolean;
  sold: boolean;
  sort: ListingSort;
}

export type FilterName = keyof ListingFilters;

export const NO_FILTERS: ListingFilters = {
  q: '',
  category: '',
  brand: [],
  ccMin: '',
  ccMax: '',
  priceMin: '',
  priceMax: '',
  yearMin: '',
  yearMax: '',
  kmMax: '',
  district: '',
  condition: '',
  verified: false,
  sold: false,
  sort: 'newest',
};

/** The single-valued text filters, in the order the address lists them. */
const TEXT = [
  'q',
  'category',
  'ccMin',
  'ccMax',
  'priceMin',
  'priceMax',
  'yearMin',
  'yearMax',
  'kmMax',
  'district',
  'condition',
] as const satisfies readonly FilterName[];

const isSort = (value: string): value is ListingSort => (SORTS as readonly string[]).includes(value);

/** Reads the filters from an address's query; anything else in it is left alone. */
export function filtersFromParams(params: URLSearchParams): ListingFilters {
  const filters: ListingFilters = { ...NO_FILTERS };
  for (const name of TEXT) filters[name] = params.get(name)?.trim() ?? '';
  // Prices are taka: "2,50,000" is 250000.
  filters.priceMin = filters.priceMin.replace(/,/g, '');
  filters.priceMax = filters.priceMax.replace(/,/g, '');
  filters.brand = (params.get('brand') ?? '')
    .split(',')
    .map((brand) => brand.trim())
    .filter(Boolean);
  filters.verified = params.get('verified') === 'true';
  filters.sold = params.get('sold') === 'true';
  const sort = params.get('sort') ?? '';
  filters.sort = isSort(sort) ? sort : 'newest';
  return filters;
}

/**
 * The filters as a query, in one fixed order and without what is not set: the same
 * search always gives the same string (the address, the API call and the cache key).
 */
export function paramsOfFilters(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of TEXT) {
    const value = filters[name].trim();
    if (value) params.set(name, value);
  }
  if (filters.brand.length > 0) params.set('brand', filters.brand.join(','));
  if (filters.verified) params.set('verified', 'true');
  if (filters.sold) params.set('sold', 'true');
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}

/** The search's query string, the key of its cached results. */
export function searchQueryOf(filters: ListingFilters): string {
  return paramsOfFilters(filters).toString();
}

/** How many filters narrow the search (the words and the order are not filters). */
export function countFilters(filters: ListingFilters): number {
  const set = (name: FilterName) => filters[name] !== NO_FILTERS[name];
  const ranges = [
    ['ccMin', 'ccMax'],
    ['priceMin', 'priceMax'],
    ['yearMin', 'yearMax'],
  ] as const;
  let count = filters.brand.length > 0 ? 1 : 0;
  for (const [low, high] of ranges) if (set(low) || set(high)) count += 1;
  for (const name of ['category', 'kmMax', 'district', 'condition', 'verified', 'sold'] as const) {
    if (set(name)) count += 1;
  }
  return count;
}

/** Lower-case runs of letters and digits with their accents folded, as the server splits words. */
function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function within(value: number | null | undefined, low: string, high: string): boolean {
  // A listing that does not say passes a filter on it by, as the server's search does.
  if (value === null || value === undefined) return true;
  if (low && value < Number(low)) return false;
  if (high && value > Number(high)) return false;
  return true;
}

const sameWord = (a: string | null | undefined, b: string) => !a || a.toLowerCase() === b.toLowerCase();

/**
 * Whether `listing` belongs in the results of `filters`: the server's rules, simplified
 * where a page can afford it (each word must start a word of the listing's text; no
 * typo correction). `read` is how the server read the words (`SearchResults.words`:
 * পালসার as "pulsar", null for a word it could not read, so nothing matches); without
 * it the words are split here, as typed.
 */
export function matchesFilters(listing: Listing, filters: ListingFilters, read?: readonly string[] | null): boolean {
  if (!filters.sold && listing.availability.toLowerCase() === 'sold') return false;
  if (filters.category && listing.categoryId !== filters.category) return false;
  if (filters.brand.length > 0 && listing.brand && !filters.brand.some((brand) => sameWord(listing.brand, brand))) {
    return false;
  }
  if (!within(listing.engineCc, filters.ccMin, filters.ccMax)) return false;
  if (!within(listing.resalePrice, filters.priceMin, filters.priceMax)) return false;
  if (!within(listing.registrationYear, filters.yearMin, filters.yearMax)) return false;
  if (!within(listing.kmDriven, '', filters.kmMax)) return false;
  if (filters.district && !sameWord(listing.district, filters.district)) return false;
  if (filters.condition && !sameWord(listing.condition, filters.condition)) return false;
  if (filters.verified && !listing.sellerVerification) return false;
  if (read === null) return false;
  const wanted = read ?? wordsOf(filters.q);
  if (wanted.length === 0) return true;
  const text = wordsOf(
    [
      listing.productName,
      listing.brand,
      listing.model,
      listing.engineCc ? `${String(listing.engineCc)}cc` : '',
      listing.registrationYear ? String(listing.registrationYear) : '',
      listing.district,
      listing.area,
      listing.location,
      listing.color,
      listing.condition,
      listing.description,
    ]
      .filter(Boolean)
      .join(' '),
  );
  return wanted.every((word) => text.some((candidate) => candidate.startsWith(word)));
}
