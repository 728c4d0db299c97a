// `POST /api/orders/{id}/bkash` (the buyer holding the bike): bKash's page where the buyer
// approves holding the price, or the listing's deposit, in their wallet (`bkashURL`, in
// bKash's own spelling), the payment's id and the amount in paisa. 422 above what a wallet
// holds, 503 when bKash is not set up or not answering, 409 when the booking can no longer
// be paid or bKash is not offered for it: each with the server's words.
import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';

export type BkashStart = components['schemas']['BkashStartView'];

export function startBkash(bookingId: string): Promise<BkashStart> {
  return api<BkashStart>(`/orders/${encodeURIComponent(bookingId)}/bkash`, { method: 'POST', json: {} });
}

export function startBkashMutation() {
  return mutationOptions<BkashStart, Error, string>({ mutationFn: startBkash });
}
