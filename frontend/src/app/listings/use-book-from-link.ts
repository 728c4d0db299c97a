// A link to a listing's page with `?book=1` ("Book at ৳X" on an accepted offer in a
// conversation) opens its booking once the page is there, for a buyer who may book it;
// the address then drops the mark, so going back or reloading does not open it again.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Listing } from '@/lib/api/types.ts';
import { isLive } from '@/lib/listing-state.ts';
import { isSold } from '@/features/listing/components/listing-actions.tsx';
import type { ListingActionHandlers } from './use-listing-actions.tsx';

export const BOOK_PARAM = 'book';

export function useBookFromLink(listing: Listing, { viewerOf, onBook, bookingOf }: ListingActionHandlers): void {
  const [params, setParams] = useSearchParams();
  const wanted = params.has(BOOK_PARAM);
  const mayBook = viewerOf(listing) === 'buyer' && isLive(listing) && !isSold(listing) && !bookingOf(listing._id);
  useEffect(() => {
    if (!wanted) return;
    setParams(
      (now) => {
        now.delete(BOOK_PARAM);
        return now;
      },
      { replace: true },
    );
    if (mayBook) onBook(listing);
  }, [wanted, mayBook, onBook, listing, setParams]);
}
