// The seller changes one of their unsold listings with the listing form: price, photos,
// kilometres, district and area (the meeting place with them), condition, colour,
// contact number, description, the ways to pay and the deposit. Every open page showing the bike (cards, adverts,
// wishlists, bookings) shows the change at once. A listing an admin turned down says why
// above the form, and saving it sends it back for review; one still waiting goes to the
// back of the queue.
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageSpinner } from '@/components/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { useCategoryOptions } from '@/lib/api/get-category-options.ts';
import { useListingFields } from '@/lib/api/get-listing-fields.ts';
import { useSellerListings } from '@/features/selling/api/get-seller-listings.ts';
import { useUpdateListing } from '@/features/selling/api/update-listing.ts';
import { isSold } from '@/features/selling/components/availability-pill.tsx';
import {
  asWhole,
  depositOf,
  meetingPlace,
  type FieldMessages,
  type ListingEditorFields,
} from '@/features/selling/components/listing-editor-fields.ts';
import type { Listing } from '@/lib/api/types.ts';
import { ListingEditor } from '@/features/selling/components/listing-editor.tsx';
import { ReviewNotice } from '@/features/selling/components/listing-status.tsx';
import { sellingMessages } from '@/features/selling/selling.messages.ts';
import { useT } from '@/lib/i18n/language-context.ts';

/**
 * The meeting place after an edit: "area, district" once the seller changed either; as
 * posted otherwise, so a place written before the form asked for area and district stays.
 */
function placeAfterEdit(listing: Listing, fields: Pick<ListingEditorFields, 'area' | 'district'>): string {
  const unchanged = fields.area.trim() === (listing.area ?? '') && fields.district === (listing.district ?? '');
  return unchanged ? listing.location : meetingPlace(fields.area, fields.district) || listing.location;
}

function Notice({ children }: { children: string }) {
  const t = useT(sellingMessages);
  return (
    <div className="rounded-2xl bg-white p-6 text-stone-700 ring-1 ring-stone-200">
      <p role="alert">{children}</p>
      <Link to="/dashboard/seller-products" className="mt-3 inline-block font-semibold text-brand-800 hover:underline">
        {t('backToMyProducts')}
      </Link>
    </div>
  );
}

export function EditListingPage() {
  const t = useT(sellingMessages);
  const { id = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const categories = useCategoryOptions();
  const listingFields = useListingFields();
  const listings = useSellerListings(user?.email ?? '');
  const updating = useUpdateListing();
  const listing = listings.data?.find((mine) => mine._id === id);

  if (listings.isPending) return <PageSpinner label={t('loadingListing')} />;
  if (!listing) return <Notice>{t('notYours')}</Notice>;
  if (isSold(listing)) return <Notice>{t('soldUnchangeable')}</Notice>;

  const onSubmit = async (fields: ListingEditorFields, photos: string[]): Promise<FieldMessages | undefined> => {
    const trim = (value: string) => value.trim();
    try {
      await updating.mutateAsync({
        listing,
        changes: {
          condition: trim(fields.condition),
          color: trim(fields.color),
          description: trim(fields.description),
          location: placeAfterEdit(listing, fields),
          resalePrice: trim(fields.resalePrice),
          sellerPhone: trim(fields.sellerPhone),
          kmDriven: asWhole(fields.kmDriven),
          district: fields.district || null,
          area: trim(fields.area) || null,
          photos,
          paymentMethods: fields.paymentMethods,
          deposit: depositOf(fields),
          negotiable: fields.negotiable,
          phoneInConversation: fields.phoneInConversation,
          onWhatsapp: fields.onWhatsapp,
        },
      });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) return error.fields;
      toast.error(error instanceof Error ? error.message : t('changeFailed'));
      return undefined;
    }
    toast.success(t('updated'));
    await navigate('/dashboard/seller-products');
    return undefined;
  };

  return (
    <section aria-labelledby="edit-product-title" className="rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-8">
      <h2 id="edit-product-title" className="text-2xl font-bold text-stone-900">
        {t('editTitle', { name: listing.productName })}
      </h2>
      <p className="mt-1 mb-6 text-stone-600">{t('editIntro')}</p>
      <ReviewNotice listing={listing} />
      <ListingEditor
        categories={categories.data ?? []}
        listingFields={listingFields.data}
        busy={updating.isPending}
        editing={listing}
        onSubmit={onSubmit}
      />
    </section>
  );
}
