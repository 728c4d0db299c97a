// `PUT /api/products/{id}` (the listing's seller, while unsold): changes the listing,
// with its photos already uploaded, the cover first. The server keeps what the bike is
// (name, category, brand, model, engine size, registration year, original price,
// purchase year, years of use) as posted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Product } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
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
  /** Null leaves the listing's as it was. */
  kmDriven: number | null;
  district: string | null;
  area: string | null;
  /** Every photo's address, the cover first. */
  photos: string[];
}

export function updateProduct(product: Product, changes: ListingChanges): Promise<Changed> {
  return api<Changed>(`/products/${encodeURIComponent(product._id)}`, {
    method: 'PUT',
    json: {
      categoryId: product.categoryId,
      productName: product.productName,
      originalPrice: product.originalPrice,
      purchaseYear: product.purchaseYear,
      yearsOfUse: product.yearsOfUse,
      brand: product.brand ?? null,
      model: product.model ?? null,
      engineCc: product.engineCc ?? null,
      registrationYear: product.registrationYear ?? null,
      condition: changes.condition,
      color: changes.color,
      description: changes.description,
      location: changes.location,
      resalePrice: changes.resalePrice,
      sellerPhone: changes.sellerPhone,
      kmDriven: changes.kmDriven,
      district: changes.district,
      area: changes.area,
      productImage: changes.photos[0] ?? product.productImage,
      productImages: changes.photos,
    },
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, changes }: { product: Product; changes: ListingChanges }) =>
      updateProduct(product, changes),
    // The answer's `product.updated` holds the listing as the server merged it: the
    // seller's own pages show it at once.
    onSuccess: (changed) => {
      applyWritten(queryClient, changed);
    },
  });
}
