// `POST /api/payments` {price, transactionId, email, bookingId, ordersId} (its buyer):
// records a payment the card provider confirmed; the bike becomes sold. The server
// checks with the provider and reads the price and payer from its own records.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Inserted, Order, PaymentInput } from '../../../lib/api/types.ts';
import { liveKeys } from '../../../lib/live/apply-event.ts';
import { markOrderPaid } from '../../../lib/live/live-events.ts';
import { paymentOrderQueryOptions } from './get-payment-order.ts';

/** The spec's payload; `price` and `email` are sent as it says, and ignored by the server. */
export type NewPayment = PaymentInput & { price: number; email: string };

export function recordPayment(payment: NewPayment): Promise<Inserted> {
  return api<Inserted>('/payments', { method: 'POST', json: payment });
}

export function useRecordPayment(order: Order) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    // The live event order.paid does the same for other tabs; both are idempotent.
    onSuccess: () => {
      queryClient.setQueryData(paymentOrderQueryOptions(order._id).queryKey, (old) =>
        old ? { ...old, paid: true, status: 'paid', availability: 'sold' } : old,
      );
      queryClient.setQueryData([...liveKeys.orders, order.buyerEmail], (old: readonly Order[] | undefined) =>
        markOrderPaid(old, order._id),
      );
    },
  });
}
