// `PATCH /api/allSeller/{id}` {verification: "verified"} (admins): verifies a seller; the
// badge then shows on all their listings.
import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { User } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';

type Changed = components['schemas']['Changed'];
type VerificationInput = components['schemas']['VerificationInput'];

export function verifySeller(id: string): Promise<Changed> {
  const body: VerificationInput = { verification: 'verified' };
  return api<Changed>(`/allSeller/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });
}

export function verifySellerMutation() {
  return mutationOptions<Changed, Error, User>({
    mutationFn: (seller) => verifySeller(seller._id),
    // The answer's `seller.verified` (this table and the badge on cached listings),
    // without waiting for the socket; applying both is harmless.
    onSuccess: (changed, _seller, _result, { client }) => {
      applyWritten(client, changed);
    },
  });
}
