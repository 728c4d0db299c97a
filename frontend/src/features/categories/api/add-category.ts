// `POST /api/categories/{email}` {categoryName, categoryImage} (admins): uploads the
// picture first, then adds the category; its answer's `category.created` puts it in the
// `categories` cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { uploadImage } from '@/lib/api/upload-image.ts';
import type { CategoryInput, Inserted } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';

export interface NewCategory {
  /** The signed-in admin's e-mail: the path names who adds it. */
  adminEmail: string;
  categoryName: string;
  image: File;
}

export function createCategory(adminEmail: string, input: CategoryInput): Promise<Inserted> {
  return api<Inserted>(`/categories/${encodeURIComponent(adminEmail)}`, { method: 'POST', json: input });
}

export function useAddCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ adminEmail, categoryName, image }: NewCategory) => {
      const categoryImage = await uploadImage(image);
      return createCategory(adminEmail, { categoryName, categoryImage });
    },
    // The socket may bring `category.created` first or as well: adding is idempotent.
    onSuccess: (inserted) => {
      applyWritten(queryClient, inserted);
    },
  });
}
