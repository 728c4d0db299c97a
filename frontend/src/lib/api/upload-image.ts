// `POST /api/uploads`: stores a photo and answers its address (docs/api.md).
// Shared: sign-up, categories and listings all upload pictures.
import { api } from '@/lib/api-client.ts';
import type { Uploaded } from './types.ts';

/**
 * Uploads `file` as multipart field `image`; answers `data.display_url`.
 * `token` is the identity token during sign-up; by default the access token is sent.
 */
export async function uploadImage(file: File, token?: string): Promise<string> {
  const formData = new FormData();
  formData.append('image', file);
  const uploaded = await api<Uploaded>('/uploads', {
    method: 'POST',
    formData,
    ...(token === undefined ? {} : { token }),
  });
  return uploaded.data.display_url;
}
