// `PUT /api/products/{id}` (the listing's seller, while unsold): uploads a new picture if
// one was chosen, then changes the listing. The server keeps what the bike is (name,
// category, original price, year, years of use) as posted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { uploadImage } from '@/lib/api/upload-image.ts';
import type { Product } from '@/lib/api/types.ts';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import type { components } from '@/lib/api/schema.d.ts';

type Changed = components['schemas']['Changed'];

/** What the seller may change, as typed. */
export interface ListingChanges {
  condition: string;
  color: string;
  description: string;
  location: string;
  resalePrice: string;
  sellerPhone: string;
  /** A new photo, or none to keep the listing's. */
  image?: File | undefined;
}

/** The fields the server changes, from what was typed and the photo to show. */
function changed(changes: ListingChanges, productImage: string) {
  return {
    condition: changes.condition,
    color: changes.color,
    description: changes.description,
    location: changes.location,
    resalePrice: changes.resalePrice,
    sellerPhone: changes.sellerPhone,
    productImage,
  };
}

export function updateProduct(product: Product, changes: ListingChanges, productImage: string): Promise<Changed> {
  return api<Changed>(`/products/${encodeURIComponent(product._id)}`, {
    method: 'PUT',
    json: {
      categoryId: product.categoryId,
      productName: product.productName,
      originalPrice: product.originalPrice,
      purchaseYear: product.purchaseYear,
      yearsOfUse: product.yearsOfUse,
      ...changed(changes, productImage),
    },
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ product, changes }: { product: Product; changes: ListingChanges }) => {
      const productImage = changes.image ? await uploadImage(changes.image) : product.productImage;
      await updateProduct(product, changes, productImage);
      return { ...product, ...changed(changes, productImage), resalePrice: Number(changes.resalePrice) };
    },
    // What the `product.updated` event will do, done now for the seller's own pages.
    onSuccess: (listing) => {
      applyLiveEvent(queryClient, { event: 'product.updated', data: listing });
    },
  });
}
