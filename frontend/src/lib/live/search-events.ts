// Live events on the searches of every listing: the products page's pages of results
// (an infinite query, `['listings', 'search', query, form]`) and the home page's latest
// bikes (`['listings', 'latest', form]`). Cards change in place (sold, for sale again,
// changed, a seller verified) or go (deleted); a new listing goes on top of the latest
// bikes, and is counted for each open search it matches, for the page to offer, rather
// than pushed into results the buyer is reading. Every reducer is idempotent.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Listing, SearchResults } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { filtersFromParams, matchesFilters } from '@/lib/search/listing-filters.ts';

type List<T> = readonly T[] | undefined;
type ListingUpdate = (old: List<Listing>) => List<Listing>;

/** A search's pages, each after the cursor of the one before (null for the first). */
export type SearchPages = InfiniteData<SearchResults, string | null>;

/** How many bikes the home page shows as the latest. */
export const LATEST_COUNT = 8;

/** One page with `update` run on its listings; the page itself when nothing changed. */
function patchListings(page: SearchResults, update: ListingUpdate): SearchResults {
  const listings = update(page.listings) ?? [];
  return listings === page.listings ? page : { ...page, listings: [...listings] };
}

const removedFrom = (before: SearchResults, after: SearchResults) => before.listings.length - after.listings.length;

/** A single page (the latest bikes) with `update` run on it; a dropped listing is one fewer found. */
function patchPage(page: SearchResults, update: ListingUpdate): SearchResults {
  const next = patchListings(page, update);
  if (next === page) return page;
  // Past the count's cap the server did not count them all: "1,000+" stays.
  if (page.totalCapped) return next;
  return { ...next, total: Math.max(0, page.total - removedFrom(page, next)) };
}

/**
 * Runs a list reducer over every page of a search, keeping what did not change. The
 * count of bikes found is read from the first page: it drops by any listing removed
 * from any page.
 */
export function patchSearchPages(data: SearchPages | undefined, update: ListingUpdate): SearchPages | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) => patchListings(page, update));
  if (pages.every((page, i) => page === data.pages[i])) return data;
  const removed = pages.reduce((sum, page, i) => sum + removedFrom(data.pages[i] ?? page, page), 0);
  const [first, ...rest] = pages;
  if (!first || removed === 0 || first.totalCapped) return { ...data, pages };
  return { ...data, pages: [{ ...first, total: Math.max(0, first.total - removed) }, ...rest] };
}

/** Listings posted while a search was open that match it, and those the reader has seen. */
export interface NewListings {
  ids: readonly string[];
  seen: readonly string[];
}

/** Counts a new listing once, however often its event arrives. */
export function noteNewListing(state: NewListings | undefined, id: string): NewListings {
  if (state?.ids.includes(id)) return state;
  return { ids: [...(state?.ids ?? []), id], seen: state?.seen ?? [] };
}

/** The reader read the search again: every listing counted so far is in it. */
export function markNewListingsSeen(state: NewListings | undefined): NewListings | undefined {
  if (!state || state.seen.length === state.ids.length) return state;
  return { ids: state.ids, seen: state.ids };
}

/** How many new listings the reader has not seen. */
export function unseenCount(state: NewListings | undefined): number {
  if (!state) return 0;
  const seen = new Set(state.seen);
  return state.ids.filter((id) => !seen.has(id)).length;
}

/** The latest bikes: a new listing goes on top, once, and the oldest drops off. */
export function addLatestListing(data: SearchResults | undefined, listing: Listing): SearchResults | undefined {
  if (!data || data.listings.some((shown) => shown._id === listing._id)) return data;
  return { ...data, listings: [listing, ...data.listings].slice(0, LATEST_COUNT), total: data.total + 1 };
}

/** Folds a change to listings into every cached search and the latest bikes. */
export function patchListingSearches(queryClient: QueryClient, update: ListingUpdate): void {
  for (const [key, old] of queryClient.getQueriesData<SearchPages>({ queryKey: queryKeys.listingSearches() })) {
    const next = patchSearchPages(old, update);
    if (next !== old) queryClient.setQueryData(key, next);
  }
  for (const [key, old] of queryClient.getQueriesData<SearchResults>({ queryKey: queryKeys.latestListingLists() })) {
    if (!old) continue;
    const next = patchPage(old, update);
    if (next !== old) queryClient.setQueryData(key, next);
  }
}

/** A listing was posted: the latest bikes show it; each open search it matches counts it. */
export function addNewListing(queryClient: QueryClient, listing: Listing): void {
  for (const [key, old] of queryClient.getQueriesData<SearchResults>({ queryKey: queryKeys.latestListingLists() })) {
    const next = addLatestListing(old, listing);
    if (next !== old) queryClient.setQueryData(key, next);
  }
  for (const [key, pages] of queryClient.getQueriesData<SearchPages>({ queryKey: queryKeys.listingSearches() })) {
    const query = key[2];
    if (!pages || typeof query !== 'string') continue;
    if (pages.pages.some((page) => page.listings.some((shown) => shown._id === listing._id))) continue;
    // The words as the search read them: a Bangla word is matched by its English name.
    const read = pages.pages[0]?.words;
    if (!matchesFilters(listing, filtersFromParams(new URLSearchParams(query)), read)) continue;
    queryClient.setQueryData<NewListings>(queryKeys.newListings(query), (state) => noteNewListing(state, listing._id));
  }
}
