// Sellers' verification requests, live (docs/trust.md, "Sellers verified with evidence"):
// `verification.requested` puts a seller's new request in the admins' queue,
// `verification.decided` (approved or rejected, by any admin) takes it out. The seller
// hears of the decision by a notification (`verified`, or `verification` with the reason).
// As with the other reducers, nothing changed answers the same list.
import type { VerificationRequest } from '@/lib/api/types.ts';

type List<T> = readonly T[] | undefined;

/**
 * A new pending request joins the queue in its place (oldest first, as the server lists
 * it), once; a request no longer pending does not.
 */
export function addVerificationRequest(
  list: List<VerificationRequest>,
  request: VerificationRequest,
): List<VerificationRequest> {
  if (!list || request.state !== 'pending' || list.some((r) => r._id === request._id)) return list;
  const at = Date.parse(request.createdAt);
  const after = list.findIndex((r) => Date.parse(r.createdAt) > at);
  return after === -1 ? [...list, request] : [...list.slice(0, after), request, ...list.slice(after)];
}

/** A decided request leaves the queue. */
export function removeVerificationRequest(list: List<VerificationRequest>, id: string): List<VerificationRequest> {
  if (!list?.some((r) => r._id === id)) return list;
  return list.filter((r) => r._id !== id);
}

/** The notification kinds that tell a seller an admin decided their request. */
const DECISION_KINDS: ReadonlySet<string> = new Set(['verified', 'verification']);

/** Whether a notification of `kind` tells its seller of a decision on their request. */
export function tellsOfVerification(kind: string): boolean {
  return DECISION_KINDS.has(kind);
}
