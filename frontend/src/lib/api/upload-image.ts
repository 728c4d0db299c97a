// `POST /api/uploads`: stores a photo and answers its address (docs/api.md).
// Shared: sign-up, categories and listings all upload pictures.
import { api } from '@/lib/api-client.ts';
import type { Uploaded } from './types.ts';

/** Photos sent at once; the rest wait their turn (the server takes two per person). */
export const UPLOADS_AT_ONCE = 2;

let sending = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `send` once fewer than `UPLOADS_AT_ONCE` uploads are on their way: every photo
 * upload of the page takes its turn here (the listings' and a seller's private ID photos).
 */
export async function inTurn<T>(send: () => Promise<T>): Promise<T> {
  if (sending >= UPLOADS_AT_ONCE) {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
    });
  }
  sending += 1;
  try {
    return await send();
  } finally {
    sending -= 1;
    waiting.shift()?.();
  }
}

/**
 * Uploads `file` as multipart field `image`; answers `data.display_url`.
 * `token` is the identity token during sign-up; by default the access token is sent.
 */
export async function uploadImage(file: File, token?: string): Promise<string> {
  const formData = new FormData();
  formData.append('image', file);
  const uploaded = await inTurn(() =>
    api<Uploaded>('/uploads', {
      method: 'POST',
      formData,
      ...(token === undefined ? {} : { token }),
    }),
  );
  return uploaded.data.display_url;
}
