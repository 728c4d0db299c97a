// `POST /api/categories/{email}` {categoryName, categoryImage} (admins): uploads the
// picture first, then adds the category and puts it in the `categories` cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { uploadImage } from '@/lib/api/upload-image.ts';
import type { Category, CategoryInput, Inserted } from '@/lib/api/types.ts';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';

export interface NewCategory {
  /** The signed-in admin's e-mail: the path names who adds it. */
  adminEmail: string;
  categoryName: string;
  image: File;
}

export async function createCategory(adminEmail: string, input: CategoryInput): Promise<Category> {
  const inserted = await api<Inserted>(`/categories/${encodeURIComponent(adminEmail)}`, {
    method: 'POST',
    json: input,
  });
  return { _id: inserted.insertedId, ...input };
}

export function useAddCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ adminEmail, categoryName, image }: NewCategory) => {
      const categoryImage = await uploadImage(image);
      return createCategory(adminEmail, { categoryName, categoryImage });
    },
    // What the `category.created` event does, without waiting for the socket; the event
    // may arrive first or as well, and adding is idempotent by id.
    onSuccess: (category) => {
      applyLiveEvent(queryClient, { event: 'category.created', data: category });
    },
  });
}
