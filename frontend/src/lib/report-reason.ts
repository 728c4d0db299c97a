// Why a buyer reports a listing (docs/trust.md, "Reports with reasons"): the codes the
// server takes, in the order Report to Admin offers them. The buyer's dialog and the
// admins' queue say them in words (report-reason.messages.ts).
export const REPORT_REASONS = ['scam', 'sold', 'wrong_details', 'duplicate', 'offensive', 'other'] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reason that asks the buyer to say more: nothing else tells the admin what is wrong. */
export const ASKS_FOR_A_NOTE: ReportReason = 'other';

/** The longest note a report carries (the server's `REPORT_NOTE_MAX_CHARS`). */
export const REPORT_NOTE_MAX = 500;

export function isReportReason(code: string): code is ReportReason {
  return (REPORT_REASONS as readonly string[]).includes(code);
}
