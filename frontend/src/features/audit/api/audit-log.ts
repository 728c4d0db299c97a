// `GET /api/audit` (admins; docs/trust.md, "Every admin action on record"): the audit
// log, newest first, 50 entries a page, filtered by action; a page's `next` is the
// `before` of the one after it. Nothing changes an entry, so pages once read stay right:
// "Older" only adds the next page.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { AuditPage } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Every action the log records, in the order the filter offers them. */
export const AUDIT_ACTIONS = [
  'verification.approved',
  'verification.rejected',
  'listing.approved',
  'listing.rejected',
  'listing.removed',
  'reports.dismissed',
  'user.warned',
  'user.suspended',
  'user.deleted',
  'deal.released',
  'deal.captured',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** One page of the log: `action` '' for every action, `before` '' for the newest. */
export function getAuditPage(action: string, before: string, signal?: AbortSignal): Promise<AuditPage> {
  const query = new URLSearchParams();
  if (action) query.set('action', action);
  if (before) query.set('before', before);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return api<AuditPage>(`/audit${search}`, signal ? { signal } : {});
}

/** Cache key `['audit', action]`: the pages read so far of one filter. */
export function auditLogQueryOptions(action: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.auditLogOf(action),
    queryFn: ({ pageParam, signal }) => getAuditPage(action, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.next,
  });
}

export function useAuditLog(action: string) {
  return useInfiniteQuery(auditLogQueryOptions(action));
}
