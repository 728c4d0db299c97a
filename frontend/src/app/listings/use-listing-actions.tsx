// What a reader does with a listing, wherever it shows (a grid of cards, its own page):
// Book Now (the booking modal), Add to Wishlist, Report to Admin (the product's question,
// with why the buyer reports it), and a visitor's way to log in first. The caller renders
// `overlays` (the booking modal, the report's dialog) once.
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useBookings } from '@/lib/api/get-bookings.ts';
import type { Booking, Listing } from '@/lib/api/types.ts';
import type { FromState } from '@/lib/auth/return-path.ts';
import { canBuy, useSession } from '@/lib/auth/session-context.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { hasEnded } from '@/lib/deal-status.ts';
import { useReportListing } from '@/features/listing/api/report-listing.ts';
import { ReportListingDialog } from '@/features/listing/components/report-listing-dialog.tsx';
import { toggleWishlistMutation } from '@/features/wishlist/api/toggle-wishlist.ts';
import { BookingModal } from '@/features/bookings/components/booking-modal.tsx';
import {
  LOG_IN_TO,
  type ListingActionsProps,
  type LogInReason,
  type Viewer,
} from '@/features/listing/components/listing-actions.tsx';
import { listingActionsMessages } from './listing-actions.messages.ts';

/** The product's prompt before a report, in English. */
export const REPORT_PROMPT = listingActionsMessages.en.reportPrompt;

const toggleWishlist = toggleWishlistMutation();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Who is looking, from the session: a visitor, someone who may buy (a buyer, or a seller
 * on other sellers' bikes), or an admin browsing; while it loads, a buyer (the default role).
 */
export function useViewer(): Viewer {
  const { role, status } = useSession();
  if (status === 'signed-out') return 'visitor';
  if (status === 'signed-in' && !canBuy(role)) return 'browsing';
  return 'buyer';
}

/** The handlers a listing's actions call, and what the reader has done with each listing. */
export interface ListingActionHandlers {
  /** Who is looking at listings in general. */
  viewer: Viewer;
  /** Who is looking at this listing: its own seller is its `owner`. */
  viewerOf: (listing: Listing) => Viewer;
  onBook: (listing: Listing) => void;
  onReport: (listing: Listing) => void;
  onLogIn: (reason: LogInReason) => void;
  onToggleSaved: (listing: Listing) => void;
  /** A report of this listing is on its way. */
  isReporting: (listingId: string) => boolean;
  /** The reader's own booking of this listing, if they made one (cancelled ones are gone). */
  bookingOf: (listingId: string) => Booking | undefined;
  /** The booking modal and the report's dialog, rendered once by the caller. */
  overlays: ReactNode;
  /** Everything `ListingActions` (or a card) needs for `listing`. */
  propsFor: (listing: Listing) => ListingActionsProps;
}

/** `saved`: the ids of the bikes in the buyer's wishlist. */
export function useListingActions(saved: ReadonlySet<string>): ListingActionHandlers {
  const { user } = useSession();
  const t = useT(listingActionsMessages);
  const viewer = useViewer();
  const toggle = useMutation(toggleWishlist);
  const report = useReportListing();
  const [toBook, setToBook] = useState<Listing | null>(null);
  const [toReport, setToReport] = useState<Listing | null>(null);
  // The buyer's own bookings, kept current by live events: a booked bike says so and
  // offers Pay Now instead of a second booking.
  const bookings = useBookings(viewer === 'buyer' ? (user?.email ?? '') : '');
  // Only a booking still open or paid counts: one that ended leaves Book Now (the server
  // says if the seller turned this buyer down).
  const mine = new Map<string, Booking>(
    (bookings.data ?? []).filter((booking) => !hasEnded(booking)).map((booking) => [booking.bookingId, booking]),
  );
  const navigate = useNavigate();
  const location = useLocation();

  const onLogIn = (reason: LogInReason) => {
    toast.info(LOG_IN_TO[reason]);
    const state: FromState = { from: { pathname: location.pathname, search: location.search } };
    void navigate('/login', { state });
  };

  const onToggleSaved = (listing: Listing) => {
    const save = !saved.has(listing._id);
    // Awaited rather than `mutate`'s callbacks, which fire for the latest call only:
    // every tap says how it went.
    toggle.mutateAsync({ listing, save }).then(
      () => toast.success(save ? t('saved') : t('removed')),
      (error: unknown) => toast.error(messageOf(error)),
    );
  };

  const viewerOf = (listing: Listing): Viewer =>
    viewer === 'buyer' && user !== null && listing.sellerId === user._id ? 'owner' : viewer;
  const handlers = {
    viewer,
    viewerOf,
    onBook: setToBook,
    onReport: setToReport,
    onLogIn,
    onToggleSaved,
  };
  const isReporting = (listingId: string) => report.isPending && report.variables.listingId === listingId;
  const bookingOf = (listingId: string) => mine.get(listingId);
  return {
    ...handlers,
    isReporting,
    bookingOf,
    propsFor: (listing) => ({
      ...handlers,
      viewer: viewerOf(listing),
      listing,
      reporting: isReporting(listing._id),
      saved: saved.has(listing._id),
      booking: bookingOf(listing._id),
    }),
    overlays: (
      <>
        {toBook && user && (
          <BookingModal
            listing={toBook}
            buyer={user}
            onClose={() => {
              setToBook(null);
            }}
          />
        )}
        {toReport && (
          <ReportListingDialog
            key={toReport._id}
            title={t('reportTitle', { name: toReport.productName })}
            prompt={t('reportPrompt')}
            confirmLabel={t('report')}
            cancelLabel={t('cancel')}
            busy={report.isPending}
            onReport={async (why) => {
              await report.mutateAsync({ listingId: toReport._id, ...why });
              toast.success(t('reported'));
            }}
            onClose={() => {
              setToReport(null);
            }}
          />
        )}
      </>
    ),
  };
}
