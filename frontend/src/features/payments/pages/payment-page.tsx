// PLACEHOLDER — the card payment page (spec §2: product name, total price, card form;
// its loader fetching GET /api/paymentOrders/{id}) replaces this next slice.
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function PaymentPage() {
  return (
    <PlaceholderPage level="h2" title="Payment">
      <p>Card payment for this order arrives in the next release.</p>
    </PlaceholderPage>
  );
}
