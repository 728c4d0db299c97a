// What a reader does with a listing, wherever it shows (a grid of cards, its own page):
// Book Now (the order modal), Add to Wishlist, Report to Admin, and a visitor's way to
// log in first. The caller renders `overlays` (the order modal, the confirmation) once.
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useConfirm } from '@/components/confirm-dialog.tsx';
import { useOrders } from '@/lib/api/get-orders.ts';
import type { Order, Product } from '@/lib/api/types.ts';
import type { FromState } from '@/lib/auth/return-path.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { useReportProduct } from '@/features/listing/api/report-product.ts';
import { toggleWishlistMutation } from '@/features/wishlist/api/toggle-wishlist.ts';
import { OrderModal } from '@/features/bookings/components/order-modal.tsx';
import {
  LOG_IN_TO,
  type ListingActionsProps,
  type LogInReason,
  type Viewer,
} from '@/features/listing/components/listing-actions.tsx';

export const REPORT_PROMPT = 'Are you sure, You want to report to admin?';

const toggleWishlist = toggleWishlistMutation();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Who is looking, from the session: while it loads, a buyer (the default role). */
export function useViewer(): Viewer {
  const { role, status } = useSession();
  if (status === 'signed-out') return 'visitor';
  if (status === 'signed-in' && role !== 'buyer') return 'browsing';
  return 'buyer';
}

/** The handlers a listing's actions call, and what the reader has done with each listing. */
export interface ListingActionHandlers {
  viewer: Viewer;
  onBook: (product: Product) => void;
  onReport: (product: Product) => void;
  onLogIn: (reason: LogInReason) => void;
  onToggleSaved: (product: Product) => void;
  /** A report of this listing is on its way. */
  isReporting: (productId: string) => boolean;
  /** The reader's own booking of this listing, if they made one (cancelled ones are gone). */
  bookingOf: (productId: string) => Order | undefined;
  /** The order modal and the confirmation dialog, rendered once by the caller. */
  overlays: ReactNode;
  /** Everything `ListingActions` (or a card) needs for `product`. */
  propsFor: (product: Product) => ListingActionsProps;
}

/** `saved`: the ids of the bikes in the buyer's wishlist. */
export function useListingActions(saved: ReadonlySet<string>): ListingActionHandlers {
  const { user } = useSession();
  const viewer = useViewer();
  const toggle = useMutation(toggleWishlist);
  const report = useReportProduct();
  const { confirm, dialog } = useConfirm();
  const [booking, setBooking] = useState<Product | null>(null);
  // The buyer's own bookings, kept current by live events: a booked bike says so and
  // offers Pay Now instead of a second booking.
  const orders = useOrders(viewer === 'buyer' ? (user?.email ?? '') : '');
  const mine = new Map<string, Order>((orders.data ?? []).map((order) => [order.bookingId, order]));
  const navigate = useNavigate();
  const location = useLocation();

  const onLogIn = (reason: LogInReason) => {
    toast.info(LOG_IN_TO[reason]);
    const state: FromState = { from: { pathname: location.pathname, search: location.search } };
    void navigate('/login', { state });
  };

  const onReport = async (product: Product) => {
    const confirmed = await confirm({
      title: `Report ${product.productName} to the admin?`,
      prompt: REPORT_PROMPT,
      confirmLabel: 'Report',
      tone: 'danger',
    });
    if (!confirmed) return;
    report.mutate(product._id, {
      onSuccess: () => toast.success('Successfully Reported to Admin'),
      onError: (error) => toast.error(error.message),
    });
  };

  const onToggleSaved = (product: Product) => {
    const save = !saved.has(product._id);
    // Awaited rather than `mutate`'s callbacks, which fire for the latest call only:
    // every tap says how it went.
    toggle.mutateAsync({ product, save }).then(
      () => toast.success(save ? 'Saved to your wishlist' : 'Removed from your wishlist'),
      (error: unknown) => toast.error(messageOf(error)),
    );
  };

  const handlers = {
    viewer,
    onBook: setBooking,
    onReport: (product: Product) => void onReport(product),
    onLogIn,
    onToggleSaved,
  };
  const isReporting = (productId: string) => report.isPending && report.variables === productId;
  const bookingOf = (productId: string) => mine.get(productId);
  return {
    ...handlers,
    isReporting,
    bookingOf,
    propsFor: (product) => ({
      ...handlers,
      product,
      reporting: isReporting(product._id),
      saved: saved.has(product._id),
      booking: bookingOf(product._id),
    }),
    overlays: (
      <>
        {booking && user && (
          <OrderModal
            product={booking}
            buyer={user}
            onClose={() => {
              setBooking(null);
            }}
          />
        )}
        {dialog}
      </>
    ),
  };
}
