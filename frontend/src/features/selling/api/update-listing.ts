// `PUT /api/products/{id}` (the listing's seller, while unsold): changes the listing,
// with its photos already uploaded, the cover first. The server keeps what the bike is
// (name, category, brand, model, engine size, registration year, original price,
// purchase year, years of use) as posted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Listing } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Deposit, PayWay } from '@/features/selling/components/listing-editor-fields.ts';

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
  /** The ways to pay the listing takes, and what reserves it (null for no deposit). */
  paymentMethods: PayWay[];
  deposit: Deposit;
  /** Whether buyers may offer less than the asking price. */
  negotiable: boolean;
  /** Whether the phone waits for a conversation, and whether it takes WhatsApp. */
  phoneInConversation: boolean;
  onWhatsapp: boolean;
}

export function changeListing(listing: Listing, changes: ListingChanges): Promise<Changed> {
  return api<Changed>(`/products/${encodeURIComponent(listing._id)}`, {
    method: 'PUT',
    json: {
      categoryId: listing.categoryId,
      productName: listing.productName,
      originalPrice: listing.originalPrice,
      purchaseYear: listing.purchaseYear,
      yearsOfUse: listing.yearsOfUse,
      brand: listing.brand ?? null,
      model: listing.model ?? null,
      engineCc: listing.engineCc ?? null,
      registrationYear: listing.registrationYear ?? null,
      condition: changes.condition,
      color: changes.color,
      description: changes.description,
      location: changes.location,
      resalePrice: changes.resalePrice,
      sellerPhone: changes.sellerPhone,
      kmDriven: changes.kmDriven,
      district: changes.district,
      area: changes.area,
      productImage: changes.photos[0] ?? listing.productImage,
      productImages: changes.photos,
      paymentMethods: changes.paymentMethods,
      deposit: changes.deposit,
      negotiable: changes.negotiable,
      phoneInConversation: changes.phoneInConversation,
      onWhatsapp: changes.onWhatsapp,
    },
  });
}

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listing, changes }: { listing: Listing; changes: ListingChanges }) =>
      changeListing(listing, changes),
    // The answer's `product.updated` holds the listing as the server merged it: the
    // seller's own pages show it at once.
    onSuccess: (changed) => {
      applyWritten(queryClient, changed);
    },
  });
}
