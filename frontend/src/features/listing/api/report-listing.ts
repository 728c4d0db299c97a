// `PATCH /api/products/{id}` {report: "reported"}: a buyer reports a listing to the admin.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';

type Changed = components['schemas']['Changed'];

export function reportListing(listingId: string): Promise<Changed> {
  return api<Changed>(`/products/${encodeURIComponent(listingId)}`, {
    method: 'PATCH',
    json: { report: 'reported' },
  });
}

export function useReportListing() {
  return useMutation({ mutationFn: reportListing });
}
