// An admin settles a stuck deal, saying why: `POST /api/deals/{id}/release` ends a
// reservation, a cash deal or a hold whose handover has not begun; `/capture` takes a
// stuck hold without the buyer's code. Either way the deal is read again afterwards, and
// the answer's events go through the live reducers like every other write's.
import { mutationOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type Changed = components['schemas']['Changed'];

export type Settlement = 'release' | 'capture';

export interface SettleInput {
  id: string;
  reason: string;
}

export function settleDealMutation(settlement: Settlement) {
  return mutationOptions<Changed, Error, SettleInput>({
    mutationFn: ({ id, reason }) =>
      api<Changed>(`/deals/${encodeURIComponent(id)}/${settlement}`, { method: 'POST', json: { reason } }),
    onSuccess: (changed, _input, _result, { client }) => {
      applyWritten(client, changed);
    },
    // Settled, refused because the deal moved on, or waiting for the provider: each way
    // the deal and the lists are read as they now stand. A reason refused changed nothing.
    onSettled: (_changed, error, _input, _result, { client }) => {
      if (error instanceof ApiError && error.status === 422) return;
      void client.invalidateQueries({ queryKey: queryKeys.deals() });
    },
  });
}
