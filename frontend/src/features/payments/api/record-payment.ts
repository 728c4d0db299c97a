// `POST /api/payments` {price, transactionId, email, bookingId, ordersId} (its buyer):
// records a payment the card provider confirmed; the bike becomes sold. The server
// checks with the provider and reads the price and payer from its own records.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Inserted, PaymentInput } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';

/** The body as the page sends it: `price` and `email` ride along, and the server ignores them. */
export type NewPayment = PaymentInput & { price: number; email: string };

export function recordPayment(payment: NewPayment): Promise<Inserted> {
  return api<Inserted>('/payments', { method: 'POST', json: payment });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    // The answer's events (the bike sold, its advert gone, the booking paid, the buyer's
    // notification): this page and the buyer's bookings show them without the socket.
    onSuccess: (inserted) => {
      applyWritten(queryClient, inserted);
    },
  });
}
