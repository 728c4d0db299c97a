// `POST /api/orders/{id}/meeting` {place, at} (either side of a deal proposes where and
// when to meet, replacing any earlier proposal) and `/meeting/confirm` {proposal} (the
// other side agrees to the latest one, named by its number). The answer's `deal.updated`
// goes through the live reducers, so both lists are right without the socket.
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Booking } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type Changed = components['schemas']['Changed'];

export interface MeetingProposal {
  booking: Booking;
  place: string;
  /** RFC 3339, with its offset. */
  at: string;
}

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

export function proposeMeeting(id: string, place: string, at: string): Promise<Changed> {
  return api<Changed>(`${orderPath(id)}/meeting`, { method: 'POST', json: { place, at } });
}

export function confirmMeeting(id: string, proposal: number): Promise<Changed> {
  return api<Changed>(`${orderPath(id)}/meeting/confirm`, { method: 'POST', json: { proposal } });
}

/**
 * After a refusal that says the booking moved on elsewhere (404, 409: ended, or the
 * proposal replaced meanwhile), both lists read it as it stands now.
 */
export function rereadWhenStale(client: QueryClient, error: Error): void {
  if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
    void client.invalidateQueries({ queryKey: queryKeys.bookings() });
    void client.invalidateQueries({ queryKey: queryKeys.sellerBookings() });
  }
}

export function proposeMeetingMutation() {
  return mutationOptions<Changed, Error, MeetingProposal>({
    mutationFn: ({ booking, place, at }) => proposeMeeting(booking._id, place, at),
    onSuccess: (changed, _input, _result, { client }) => {
      applyWritten(client, changed);
    },
    onError: (error, _input, _result, { client }) => {
      rereadWhenStale(client, error);
    },
  });
}

export function confirmMeetingMutation() {
  return mutationOptions<Changed, Error, { booking: Booking; proposal: number }>({
    mutationFn: ({ booking, proposal }) => confirmMeeting(booking._id, proposal),
    onSuccess: (changed, _input, _result, { client }) => {
      applyWritten(client, changed);
    },
    onError: (error, _input, _result, { client }) => {
      rereadWhenStale(client, error);
    },
  });
}
