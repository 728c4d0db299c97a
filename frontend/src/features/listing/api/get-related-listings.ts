// `GET /api/listings?…&except={id}` (everyone): the few bikes a listing's page shows
// beside it — more from its seller, and similar bikes (the same brand, then bikes of
// about its engine size, then of its category).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Listing } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { currentForm } from '@/lib/listing-form.ts';

type SearchResults = components['schemas']['SearchResults'];

export type RelatedKind = 'seller' | 'similar';

/** How many bikes each section shows: one row on a desktop, two on a phone. */
export const RELATED_SHOWN = 4;

/** The search's bounds for engine size (docs/search.md). */
const CC_RANGE = { min: 50, max: 2000 } as const;

function searchListings(filters: Record<string, string>, signal?: AbortSignal): Promise<Listing[]> {
  const query = new URLSearchParams({ ...filters, limit: String(RELATED_SHOWN) });
  return api<SearchResults>(`/listings?${query.toString()}`, signal ? { signal } : {}).then(
    (results) => results.listings,
  );
}

/** Bikes of about the same engine size as `cc` (a 150 cc bike: 120–188 cc). */
function engineSizeFilters(cc: number): Record<string, string> {
  const clamp = (value: number) => String(Math.min(CC_RANGE.max, Math.max(CC_RANGE.min, Math.round(value))));
  return { ccMin: clamp(cc * 0.8), ccMax: clamp(cc * 1.25) };
}

/**
 * Similar bikes: the same brand, then (while there are fewer than four) bikes of about
 * the same engine size, then bikes of the same category; each bike once.
 */
export async function getSimilarListings(listing: Listing, signal?: AbortSignal): Promise<Listing[]> {
  const searches: Record<string, string>[] = [];
  if (listing.brand && listing.brand !== 'Other') searches.push({ brand: listing.brand });
  if (listing.engineCc !== null && listing.engineCc !== undefined) searches.push(engineSizeFilters(listing.engineCc));
  searches.push({ category: listing.categoryId });
  const found = new Map<string, Listing>();
  for (const filters of searches) {
    if (found.size >= RELATED_SHOWN) break;
    for (const bike of await searchListings({ ...filters, except: listing._id }, signal)) {
      if (found.size < RELATED_SHOWN && !found.has(bike._id)) found.set(bike._id, bike);
    }
  }
  return [...found.values()];
}

export function getSellerListings(listing: Listing, signal?: AbortSignal): Promise<Listing[]> {
  return searchListings({ seller: listing.sellerId, except: listing._id }, signal);
}

/**
 * Cache key `['relatedListings', id, kind, form]`, a plain list of listings: the live
 * module patches it like a category's (sold, changed, deleted).
 */
export function relatedListingsQueryOptions(listing: Listing, kind: RelatedKind, form = currentForm()) {
  return queryOptions({
    queryKey: queryKeys.relatedListingsOf(listing._id, kind, form),
    queryFn: ({ signal }) =>
      kind === 'seller' ? getSellerListings(listing, signal) : getSimilarListings(listing, signal),
  });
}

export function useRelatedListings(listing: Listing, kind: RelatedKind) {
  return useQuery(relatedListingsQueryOptions(listing, kind));
}
