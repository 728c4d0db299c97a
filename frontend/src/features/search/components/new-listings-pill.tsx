// "2 new bikes match": bikes posted, while the results are open, that match the search.
// Tapping reads the search again from its first page and goes back to the top.
import { skipToken, useQuery } from '@tanstack/react-query';
import { unseenCount, type NewListings } from '@/lib/live/search-events.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';
import { newListingsPillMessages } from './new-listings-pill.messages.ts';

export function NewListingsPill({ query, onShow }: { query: string; onShow: () => void }) {
  // Written by the live module only; nothing to fetch.
  const fresh = useQuery<NewListings>({ queryKey: queryKeys.newListings(query), queryFn: skipToken });
  const count = unseenCount(fresh.data);
  const t = useT(newListingsPillMessages);
  const { locale } = useLanguage();
  return (
    // Fixed under the sticky top bar (and, on a phone, the results' own bar): in sight
    // wherever the reader has scrolled to.
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-32 z-30 flex justify-center lg:top-20">
      {count > 0 && (
        <button
          type="button"
          onClick={onShow}
          className="pointer-events-auto rounded-full bg-brand-700 px-4 py-2 text-sm font-bold text-white shadow-lg ring-2 ring-white hover:bg-brand-800"
        >
          {t('newBikes', { count, shown: localDigits(String(count), locale) })}
        </button>
      )}
    </div>
  );
}
