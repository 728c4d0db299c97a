// The admins' side of reports with reasons (docs/trust.md): `GET /api/reports` (the
// listings buyers report, each with its open reports, the most reported first), and what
// an admin does with one: `POST /api/reports/{id}/dismiss {note?}` keeps the listing up
// and tells each reporter, `…/remove {reason}` deletes it and tells its seller why.
// Either way it leaves the queue at once; the live `report.dismissed` or
// `product.deleted` takes it out of every other admin's.
import { mutationOptions, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { ReportedListing } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { removeReportedListing } from '@/lib/live/report-events.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type Changed = components['schemas']['Changed'];
type DismissInput = components['schemas']['DismissInput'];
type RejectInput = components['schemas']['RejectInput'];

export function getReports(signal?: AbortSignal): Promise<ReportedListing[]> {
  return api<ReportedListing[]>('/reports', signal ? { signal } : {});
}

/** Cache key `['reports']`; `product.reported`, `report.dismissed` and `product.deleted` change it live. */
export function reportsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.reports(),
    queryFn: ({ signal }) => getReports(signal),
  });
}

export function useReports() {
  return useQuery(reportsQueryOptions());
}

/** The id of the element showing listing `id` in the queue. */
export function reportedListingElementId(id: string): string {
  return `reported-listing-${id}`;
}

export function dismissReports(listingId: string, note: string): Promise<Changed> {
  const body: DismissInput = note ? { note } : {};
  return api<Changed>(`/reports/${encodeURIComponent(listingId)}/dismiss`, { method: 'POST', json: body });
}

export function removeReported(listingId: string, reason: string): Promise<Changed> {
  const body: RejectInput = { reason };
  return api<Changed>(`/reports/${encodeURIComponent(listingId)}/remove`, { method: 'POST', json: body });
}

/** Another admin decided first, or the listing is gone: the queue as it now is. */
function readQueueAgain(client: QueryClient, error: Error): void {
  if (error instanceof ApiError && (error.reason === 'no_open_reports' || error.status === 404)) {
    void client.invalidateQueries({ queryKey: queryKeys.reports() });
  }
}

export function dismissReportsMutation() {
  return mutationOptions<Changed, Error, { listingId: string; note: string }>({
    mutationFn: ({ listingId, note }) => dismissReports(listingId, note),
    // The answer's `report.dismissed`; the queue is right without the socket either way.
    onSuccess: (changed, { listingId }, _result, { client }) => {
      applyWritten(client, changed);
      client.setQueryData<readonly ReportedListing[]>(queryKeys.reports(), (queue) =>
        removeReportedListing(queue, listingId),
      );
    },
    onError: (error, _variables, _result, { client }) => {
      readQueueAgain(client, error);
    },
  });
}

export function removeReportedListingMutation() {
  return mutationOptions<Changed, Error, { listingId: string; reason: string }>({
    mutationFn: ({ listingId, reason }) => removeReported(listingId, reason),
    // The answer's `product.deleted` takes the listing off every list this admin has open.
    onSuccess: (changed, { listingId }, _result, { client }) => {
      applyWritten(client, changed);
      client.setQueryData<readonly ReportedListing[]>(queryKeys.reports(), (queue) =>
        removeReportedListing(queue, listingId),
      );
    },
    onError: (error, _variables, _result, { client }) => {
      readQueueAgain(client, error);
    },
  });
}
