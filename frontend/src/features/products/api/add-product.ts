// `PUT /api/products` (sellers): uploads the bike's picture, then lists it. The seller's
// name, e-mail and verification come from their record on the server.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { uploadImage } from '@/lib/api/upload-image.ts';
import type { Inserted, ProductInput } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type Typed = 'resalePrice' | 'originalPrice' | 'purchaseYear' | 'yearsOfUse';

/**
 * The listing as typed: prices and years are free text in the form, sent as numeric strings
 * that the server reads as numbers and answers with a field message when they are not.
 */
export type NewProduct = Omit<ProductInput, Typed | 'productImage'> & Record<Typed, string> & { image: File };

export function createProduct(input: Omit<NewProduct, 'image'> & { productImage: string }): Promise<Inserted> {
  return api<Inserted>('/products', { method: 'PUT', json: input });
}

export function useAddProduct(sellerEmail: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...fields }: NewProduct) => {
      const productImage = await uploadImage(image);
      return createProduct({ ...fields, productImage });
    },
    // The answer holds only the new id; the seller's table reloads it with every field
    // (the live event product.created may already have put it there).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sellerProductsOf(sellerEmail) }),
  });
}
