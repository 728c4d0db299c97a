// The products page: every bike on BikeHaat, found by words and filters that live in the
// address, newest first or in the order the buyer picks, loaded a page at a time as the
// buyer scrolls. On a phone the filters wait behind a button; on a laptop they stand
// beside the results. Live events flip cards to Sold Out or take them away, and a pill
// offers the bikes posted since that match. The cards themselves are the route's to
// give (`Grid`): the same cards as the category pages.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { PageSpinner, Spinner } from '@/components/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { Listing } from '@/lib/api/types.ts';
import type { SearchPages } from '@/lib/live/search-events.ts';
import { countFilters, searchQueryOf, SORTS, type ListingSort } from '@/lib/search/listing-filters.ts';
import { withPriceWords, type PriceWords } from '@/lib/search/price-words.ts';
import { listingSearchQueryOptions, useListingSearch } from '@/features/search/api/search-listings.ts';
import { FiltersSheet } from '@/features/search/components/filters-sheet.tsx';
import { NewListingsPill } from '@/features/search/components/new-listings-pill.tsx';
import { SearchBox } from '@/features/search/components/search-box.tsx';
import { SearchFilters } from '@/features/search/components/search-filters.tsx';
import { useSearchFilters } from '@/features/search/hooks/use-search-filters.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { translate, type Values } from '@/lib/i18n/catalog.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import type { Locale } from '@/lib/i18n/locale.ts';
import { formatNumber, formatTaka, localDigits } from '@/lib/i18n/numbers.ts';
import { searchPageMessages } from './search-page.messages.ts';

type Translate = (key: SearchPageKey, values?: Values) => string;
type SearchPageKey = keyof typeof searchPageMessages.en;

/** What a filter is called where the server's message about it is shown on its own. */
const FILTER_LABELS: Partial<Record<string, SearchPageKey>> = {
  q: 'q',
  category: 'category',
  brand: 'brand',
  ccMin: 'ccMin',
  ccMax: 'ccMax',
  priceMin: 'priceMin',
  priceMax: 'priceMax',
  yearMin: 'yearMin',
  yearMax: 'yearMax',
  kmMax: 'kmMax',
  district: 'district',
  condition: 'condition',
  verified: 'verified',
  sold: 'sold',
  sort: 'sort',
  cursor: 'cursor',
};

/** "1 bike", "12 bikes"; "1,000+ bikes" when the server stopped counting; "১২টি বাইক" in Bangla. */
export function bikesFound(total: number, capped = false, locale: Locale = 'en'): string {
  return translate(searchPageMessages, locale, 'found', {
    count: total,
    shown: formatNumber(total, locale),
    capped: capped ? 'yes' : 'no',
  });
}

export function SearchPage({ Grid }: { Grid: ComponentType<{ listings: readonly Listing[] }> }) {
  const t = useT(searchPageMessages);
  const { locale } = useLanguage();
  const { filters, setFilters, clearAll } = useSearchFilters();
  // "২ লাখের নিচে পালসার": the price said in the words is searched as the price filter.
  const { filters: searched, price } = withPriceWords(filters);
  const query = searchQueryOf(searched);
  const search = useListingSearch(query);
  const queryClient = useQueryClient();
  const [sheetOpen, setSheetOpen] = useState(false);
  const words = filters.q.trim();
  usePageTitle(words ? t('titleWords', { words }) : t('title'));

  const refused = search.error instanceof ApiError && search.error.status === 422 ? search.error.fields : {};
  const otherError = search.isError && Object.keys(refused).length === 0 ? search.error.message : null;
  const activeCount = countFilters(filters);
  const listings = search.data?.pages.flatMap((page) => page.listings) ?? [];
  const first = search.data?.pages[0];
  const found = first === undefined ? null : bikesFound(first.total, first.totalCapped, locale);

  const showNewBikes = () => {
    const key = listingSearchQueryOptions(query).queryKey;
    // From the first page again: the new bikes are on top of it (newest first), or in
    // their place in the order picked.
    queryClient.setQueryData<SearchPages>(key, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    void queryClient.refetchQueries({ queryKey: key, exact: true });
    window.scrollTo({ top: 0 });
  };

  const filterPanel = <SearchFilters filters={filters} setFilters={setFilters} errors={refused} />;

  return (
    <div className="page-container py-4 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t('heading')}</h1>

      <div className="mt-3 lg:grid lg:grid-cols-[17rem_1fr] lg:gap-8">
        <aside aria-label={t('filters')} className="hidden lg:block">
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-bold text-stone-900">{t('filters')}</h2>
            {activeCount > 0 && (
              <button type="button" onClick={clearAll} className="text-sm font-semibold text-brand-800 hover:underline">
                {t('clearAll')}
              </button>
            )}
          </div>
          <div className="mt-4">{!sheetOpen && filterPanel}</div>
        </aside>

        <section aria-label={t('results')} className="min-w-0">
          <SearchBox
            value={filters.q}
            error={refused.q}
            understood={price === null ? undefined : priceSaid(t, price, locale)}
            onCommit={(q, options) => {
              setFilters({ q }, options);
            }}
          />
          <ResultsBar
            t={t}
            activeCount={activeCount}
            found={found}
            sort={filters.sort}
            sortRefused={Boolean(refused.sort)}
            onFilters={() => {
              setSheetOpen(true);
            }}
            onSort={(sort) => {
              setFilters({ sort });
            }}
          />

          <NewListingsPill query={query} onShow={showNewBikes} />

          <RefusedFilters
            t={t}
            refused={refused}
            onChange={() => {
              setSheetOpen(true);
            }}
          />

          <div className="mt-4">
            {search.isPending ? (
              <PageSpinner label={t('loading')} />
            ) : otherError !== null ? (
              <p role="alert" className="mt-10 text-center text-red-700">
                {otherError}
              </p>
            ) : search.isError ? null : listings.length === 0 ? (
              <NoMatches t={t} onClear={activeCount > 0 || filters.q ? clearAll : undefined} />
            ) : (
              <>
                <Grid listings={listings} />
                <MorePages
                  t={t}
                  hasMore={search.hasNextPage}
                  loading={search.isFetchingNextPage}
                  failed={search.isFetchNextPageError}
                  onMore={() => {
                    void search.fetchNextPage();
                  }}
                />
              </>
            )}
          </div>
        </section>
      </div>

      <FiltersSheet
        open={sheetOpen}
        onClose={() => {
          setSheetOpen(false);
        }}
        onClearAll={clearAll}
        activeCount={activeCount}
        found={found}
      >
        {sheetOpen && filterPanel}
      </FiltersSheet>
    </div>
  );
}

/** "Price up to ৳2,00,000": what the page read of a price in the search's words. */
function priceSaid(t: Translate, price: PriceWords, locale: Locale): string {
  const kind = price.min === undefined ? 'max' : price.max === undefined ? 'min' : 'range';
  return t('priceSaid', {
    kind,
    min: formatTaka(price.min ?? 0, locale),
    max: formatTaka(price.max ?? 0, locale),
  });
}

/**
 * The next page loads as the reader nears the end of this one; a Load more button does
 * the same where scrolling cannot tell (and for anyone who prefers to ask).
 */
function MorePages({
  t,
  hasMore,
  loading,
  failed,
  onMore,
}: {
  t: Translate;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  }, [onMore]);
  const watching = hasMore && !loading && !failed;
  useEffect(() => {
    const element = sentinel.current;
    if (!watching || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more.current();
      },
      // A screen ahead: the next cards are there before the thumb gets to them.
      { rootMargin: '0px 0px 800px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [watching]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="mt-8 flex flex-col items-center gap-3">
      {loading ? (
        <Spinner label={t('loadingMore')} />
      ) : (
        <>
          {failed && <p className="text-sm text-red-700">{t('moreFailed')}</p>}
          <button
            type="button"
            onClick={onMore}
            className="rounded-lg border border-stone-300 bg-white px-5 py-2.5 font-semibold text-stone-800 hover:bg-stone-50"
          >
            {t('loadMore')}
          </button>
        </>
      )}
    </div>
  );
}

/** The Filters button (phones), how many bikes were found, and the order. */
function ResultsBar({
  t,
  activeCount,
  found,
  sort,
  sortRefused,
  onFilters,
  onSort,
}: {
  t: Translate;
  activeCount: number;
  found: string | null;
  sort: ListingSort;
  sortRefused: boolean;
  onFilters: () => void;
  onSort: (sort: ListingSort) => void;
}) {
  const { locale } = useLanguage();
  return (
    // On a phone the Filters button and the order stay under the top bar while scrolling.
    <div className="sticky top-16 z-10 -mx-4 mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 bg-stone-50/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:static lg:mx-0 lg:mt-3 lg:bg-transparent lg:px-0 lg:py-0">
      <button
        type="button"
        onClick={onFilters}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-3.5 text-sm font-semibold text-stone-800 hover:bg-stone-50 lg:hidden"
      >
        {t('filters')}
        {activeCount > 0 && (
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-white">
            {t('activeFilters', { count: activeCount, shown: localDigits(String(activeCount), locale) })}
          </span>
        )}
      </button>
      <p
        aria-live="polite"
        className="order-last basis-full text-sm font-semibold whitespace-nowrap text-stone-700 sm:order-none sm:flex-1 sm:basis-auto"
      >
        {found}
      </p>
      <label htmlFor="search-sort" className="sr-only">
        {t('sort')}
      </label>
      <select
        id="search-sort"
        value={sort}
        {...(sortRefused ? { 'aria-invalid': true } : {})}
        onChange={(event) => {
          onSort(event.target.value as ListingSort);
        }}
        className="ml-auto min-h-11 rounded-lg border border-stone-300 bg-white px-2.5 text-sm font-medium text-stone-800"
      >
        {SORTS.map((option) => (
          <option key={option} value={option}>
            {t(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filters the server refused, each with its message, and a way to change them. */
function RefusedFilters({
  t,
  refused,
  onChange,
}: {
  t: Translate;
  refused: Partial<Record<string, string>>;
  onChange: () => void;
}) {
  if (Object.keys(refused).length === 0) return null;
  return (
    <div role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
      <p className="font-semibold">{t('refusedTitle')}</p>
      <ul className="mt-1 list-disc pl-5">
        {Object.entries(refused).map(([field, message]) => {
          const name = Object.hasOwn(FILTER_LABELS, field) ? FILTER_LABELS[field] : undefined;
          return (
            <li key={field}>{[name ? t(name) : field, message].join(': ')}</li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={onChange}
        className="mt-3 rounded-lg bg-white px-3.5 py-2 font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-100 lg:hidden"
      >
        {t('changeFilters')}
      </button>
    </div>
  );
}

/** Nothing found: say so, and offer to clear what narrowed it (when anything did). */
function NoMatches({ t, onClear }: { t: Translate; onClear: (() => void) | undefined }) {
  return (
    <div className="mt-6 rounded-2xl bg-white p-8 text-center ring-1 ring-stone-200">
      <p className="text-lg font-semibold text-stone-900">{t('noMatches')}</p>
      <p className="mt-1 text-stone-600">{t('tryFewer')}</p>
      {onClear && (
        <button
          type="button"
          onClick={onClear}
          className="mt-4 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {t('clearFilters')}
        </button>
      )}
    </div>
  );
}
