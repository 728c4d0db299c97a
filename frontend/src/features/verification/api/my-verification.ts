// A seller's side of being verified with evidence (docs/trust.md, "Sellers verified with
// evidence"): `POST /api/verification-requests/photos` (multipart `image`) keeps one
// private photo and answers its name; `POST /api/verification-requests {front, back,
// selfie}` sends the three for review; `GET /api/verification-requests/mine` answers the
// seller's latest request, or `null`.
import { mutationOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { inTurn } from '@/lib/api/upload-image.ts';
import type { VerificationPhotos, VerificationRequest } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Which photo: the ID card's front, its back, or the seller holding it. */
export type PhotoSlot = keyof VerificationPhotos;

/** The three, in the order the page asks for them. */
export const PHOTO_SLOTS = ['front', 'back', 'selfie'] as const satisfies readonly PhotoSlot[];

/** What the server answers a kept photo: its private name (never an address). */
type PhotoKept = components['schemas']['PhotoKept'];
/** The request: the three photos by their private names. */
type RequestInput = components['schemas']['RequestInput'];

export function getMyVerification(signal?: AbortSignal): Promise<VerificationRequest | null> {
  return api<VerificationRequest | null>('/verification-requests/mine', signal ? { signal } : {});
}

/** Cache key `['myVerification', email]`; a notification of the decision reads it again. */
export function myVerificationQueryOptions(email: string) {
  return queryOptions({
    queryKey: queryKeys.myVerification(email),
    queryFn: ({ signal }) => getMyVerification(signal),
  });
}

export function useMyVerification(email: string, enabled: boolean) {
  return useQuery({ ...myVerificationQueryOptions(email), enabled });
}

/** Keeps `file` privately (in turn with the page's other uploads); answers its name. */
export async function uploadVerificationPhoto(file: File): Promise<string> {
  const formData = new FormData();
  formData.append('image', file);
  const kept = await inTurn(() => api<PhotoKept>('/verification-requests/photos', { method: 'POST', formData }));
  return kept.photo;
}

export function sendVerificationRequest({ front, back, selfie }: VerificationPhotos): Promise<VerificationRequest> {
  const body: RequestInput = { front, back, selfie };
  return api<VerificationRequest>('/verification-requests', { method: 'POST', json: body });
}

/** Sends the request; the seller's page shows it waiting at once. */
export function sendVerificationRequestMutation(email: string) {
  return mutationOptions<VerificationRequest, Error, VerificationPhotos>({
    mutationFn: sendVerificationRequest,
    onSuccess: (request, _photos, _result, { client }) => {
      client.setQueryData(queryKeys.myVerification(email), request);
    },
  });
}
