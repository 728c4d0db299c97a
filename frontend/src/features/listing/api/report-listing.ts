// `PATCH /api/products/{id}` {report: "reported", reason, note}: a buyer reports a listing
// to the admins, saying why (docs/trust.md, "Reports with reasons"). Reporting again
// while their report is open changes nothing.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { ReportReason } from '@/lib/report-reason.ts';

type Changed = components['schemas']['Changed'];
type ReportInput = components['schemas']['ReportInput'];

export interface ListingReport {
  listingId: string;
  reason: ReportReason;
  /** More, in the buyer's words; left out when they said nothing more. */
  note?: string;
}

export function reportListing({ listingId, reason, note }: ListingReport): Promise<Changed> {
  const body: ReportInput = note ? { report: 'reported', reason, note } : { report: 'reported', reason };
  return api<Changed>(`/products/${encodeURIComponent(listingId)}`, { method: 'PATCH', json: body });
}

export function useReportListing() {
  return useMutation({ mutationFn: reportListing });
}
