// `GET /api/deals?status=` (admins): the latest 200 deals, newest first, every status or
// one. `GET /api/deals/{id}` (admins): one deal as it stands and every step it took.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Booking } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type Deal = components['schemas']['DealView'];
export type DealStep = components['schemas']['DealStepView'];

/** The statuses an admin filters deals by, in the order the chips show them, each with its chip's text (a key of `dealsMessages`). */
export const DEAL_FILTERS = [
  { status: '', label: 'filterAll' },
  { status: 'reserved', label: 'filterReserved' },
  { status: 'cash', label: 'filterCash' },
  { status: 'held', label: 'filterHeld' },
  { status: 'completed', label: 'filterCompleted' },
  { status: 'called_off', label: 'filterCalledOff' },
  { status: 'released', label: 'filterReleased' },
  { status: 'lapsed', label: 'filterLapsed' },
] as const;

export type DealFilter = (typeof DEAL_FILTERS)[number]['status'];

/** A filter named in the address, or every deal when it names none we know. */
export function dealFilterOf(value: string | null): DealFilter {
  return DEAL_FILTERS.find((filter) => filter.status === value)?.status ?? '';
}

export function getDeals(status: DealFilter, signal?: AbortSignal): Promise<Booking[]> {
  const query = status ? `?status=${encodeURIComponent(status)}` : '';
  return api<Booking[]>(`/deals${query}`, signal ? { signal } : {});
}

export function dealsQueryOptions(status: DealFilter) {
  return queryOptions({
    queryKey: queryKeys.dealList(status),
    queryFn: ({ signal }) => getDeals(status, signal),
  });
}

export function useDeals(status: DealFilter) {
  return useQuery(dealsQueryOptions(status));
}

export function dealQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.deal(id),
    queryFn: ({ signal }) => api<Deal>(`/deals/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useDeal(id: string) {
  return useQuery(dealQueryOptions(id));
}
