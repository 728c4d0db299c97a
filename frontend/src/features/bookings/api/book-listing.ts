// `POST /api/orders` {bookingId, buyerPhone, meetingLocation}: a buyer books a listing.
// The buyer's name and e-mail come from their session on the server.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';

export type BookingInput = components['schemas']['BookingInput'];
type Inserted = components['schemas']['Inserted'];

export function bookListing(input: BookingInput): Promise<Inserted> {
  return api<Inserted>('/orders', { method: 'POST', json: input, once: true });
}

export function useBookListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookListing,
    // The answer's `order.created` puts the booking in a cached My Orders (the socket may
    // bring it first or as well).
    onSuccess: (inserted) => {
      applyWritten(queryClient, inserted);
    },
  });
}
