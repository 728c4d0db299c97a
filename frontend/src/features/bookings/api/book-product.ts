// `POST /api/orders` {bookingId, buyerPhone, meetingLocation}: a buyer books a listing.
// The buyer's name and e-mail come from their session on the server.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type OrderInput = components['schemas']['OrderInput'];
type Inserted = components['schemas']['Inserted'];

export function bookProduct(input: OrderInput): Promise<Inserted> {
  return api<Inserted>('/orders', { method: 'POST', json: input, once: true });
}

export function useBookProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookProduct,
    // The answer holds only the booking's id: a cached My Orders reads the list again
    // (the live event order.created may already have added it).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders() }),
  });
}
