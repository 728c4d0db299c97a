// `POST /api/orders` {bookingId, buyerPhone, meetingLocation}: a buyer books a listing.
// The buyer's name and e-mail come from their session on the server.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';

export type OrderInput = components['schemas']['OrderInput'];
export type Order = components['schemas']['OrderView'];

export function bookProduct(input: OrderInput): Promise<Order> {
  return api<Order>('/orders', { method: 'POST', json: input });
}

export function useBookProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookProduct,
    // What the `order.created` event does: a cached My Orders list gains the booking.
    onSuccess: (order) => {
      applyLiveEvent(queryClient, { event: 'order.created', data: order });
    },
  });
}
