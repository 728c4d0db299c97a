// Listings as cards with what a reader does from them: Book Now (the order modal), Add to
// Wishlist, Report to Admin, and a visitor's way to log in first. The category page and
// the buyer's wishlist both show their bikes through it, each saying which are saved.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useConfirm } from '@/components/confirm-dialog.tsx';
import { useOrders } from '@/lib/api/get-orders.ts';
import type { Order, Product } from '@/lib/api/types.ts';
import type { FromState } from '@/lib/auth/return-path.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { useReportProduct } from '@/features/categories/api/report-product.ts';
import { toggleWishlistMutation } from '@/features/categories/api/toggle-wishlist.ts';
import { OrderModal } from '@/features/categories/components/order-modal.tsx';
import { LOG_IN_TO, ProductCard, type LogInReason, type Viewer } from '@/features/categories/components/product-card.tsx';

export const REPORT_PROMPT = 'Are you sure, You want to report to admin?';

const toggleWishlist = toggleWishlistMutation();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Who is looking, from the session: while it loads, a buyer (the default role). */
function useViewer(): Viewer {
  const { role, status } = useSession();
  if (status === 'signed-out') return 'visitor';
  if (status === 'signed-in' && role !== 'buyer') return 'browsing';
  return 'buyer';
}

export function ProductGrid({
  products,
  saved,
  headingLevel = 'h2',
}: {
  products: readonly Product[];
  /** The ids of the bikes in the buyer's wishlist. */
  saved: ReadonlySet<string>;
  /** The cards' headings: h2 under a page's h1, h3 under a section's h2. */
  headingLevel?: 'h2' | 'h3';
}) {
  const { user } = useSession();
  const viewer = useViewer();
  const toggle = useMutation(toggleWishlist);
  const report = useReportProduct();
  const { confirm, dialog } = useConfirm();
  const [booking, setBooking] = useState<Product | null>(null);
  // The buyer's own bookings, kept current by live events: a booked bike's card says so
  // and offers Pay Now instead of a second booking.
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

  return (
    <>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,22rem),1fr))] gap-6">
        {products.map((product) => (
          <ProductCard
            key={product._id}
            product={product}
            viewer={viewer}
            headingLevel={headingLevel}
            onBook={setBooking}
            onReport={(reported) => void onReport(reported)}
            onLogIn={onLogIn}
            reporting={report.isPending && report.variables === product._id}
            saved={saved.has(product._id)}
            onToggleSaved={onToggleSaved}
            booking={mine.get(product._id)}
          />
        ))}
      </div>
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
  );
}
