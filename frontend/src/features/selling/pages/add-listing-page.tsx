// The seller's Add product page: lists the bike with its photos (uploaded as they are
// picked), says so and goes to the seller's own listings. Fields the server refuses show
// their message. A buyer who comes here ("Sell your bike") is asked to start selling first;
// a seller whose address is not proven yet, to open the link mailed to it (the server lists
// only proven sellers' bikes); and a seller with no confirmed phone, to confirm one by a code
// sent by SMS (the server lists a bike only then). Once it is confirmed the form takes its
// place, its contact number filled with it.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmEmailFirst } from '@/components/confirm-email-first.tsx';
import { PhoneCheck } from '@/components/phone-check.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAddListing } from '@/features/selling/api/add-listing.ts';
import { useCategoryOptions } from '@/lib/api/get-category-options.ts';
import { useListingFields } from '@/lib/api/get-listing-fields.ts';
import {
  asWhole,
  depositOf,
  listingName,
  meetingPlace,
  yearsOfUseSince,
  type FieldMessages,
  type ListingEditorFields,
} from '@/features/selling/components/listing-editor-fields.ts';
import { ListingEditor } from '@/features/selling/components/listing-editor.tsx';
import { sellingMessages } from '@/features/selling/selling.messages.ts';
import { SellingCard } from '@/features/selling/components/selling-card.tsx';
import { StartSelling } from '@/features/selling/components/start-selling.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function AddListingPage() {
  const { role, user } = useSession();
  // Started here: the form that replaces the invitation takes the focus it had.
  const [started, setStarted] = useState(false);
  if (role === 'buyer') {
    return (
      <StartSelling
        onStarted={() => {
          setStarted(true);
        }}
      />
    );
  }
  if (user && !user.emailVerified) return <ConfirmBeforeListing email={user.email} />;
  if (user && !user.phoneVerified) return <ConfirmPhoneBeforeListing focusTitle={started} />;
  return <AddListingForm focusHeading={started} phone={user?.phone} />;
}

/** Listing waits for a confirmed phone: the check stands where the form will be. */
function ConfirmPhoneBeforeListing({ focusTitle }: { focusTitle: boolean }) {
  const t = useT(sellingMessages);
  return (
    <SellingCard id="add-product-title" title={t('addTitle')} focusTitle={focusTitle}>
      <PhoneCheck place="listing" className="mt-4 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200 sm:p-5" />
    </SellingCard>
  );
}

function ConfirmBeforeListing({ email }: { email: string }) {
  const t = useT(sellingMessages);
  return (
    <SellingCard id="add-product-title" title={t('addTitle')}>
      <ConfirmEmailFirst email={email} act="list" className="mt-4" />
    </SellingCard>
  );
}

function AddListingForm({ focusHeading, phone }: { focusHeading: boolean; phone: string | null | undefined }) {
  const t = useT(sellingMessages);
  const navigate = useNavigate();
  const categories = useCategoryOptions();
  const listingFields = useListingFields();
  const adding = useAddListing();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const email = user?.email;

  const onSubmit = async (fields: ListingEditorFields, photos: string[]): Promise<FieldMessages | undefined> => {
    const trim = (value: string) => value.trim();
    // The form asks each thing once; the listing's name, meeting place, purchase year and
    // years of use are filled from the brand and model, area and district, and registration.
    const registered = asWhole(fields.registrationYear);
    try {
      await adding.mutateAsync({
        categoryId: fields.categoryId,
        productName: listingName(fields.brand, fields.model),
        brand: fields.brand,
        model: trim(fields.model),
        engineCc: asWhole(fields.engineCc),
        kmDriven: asWhole(fields.kmDriven),
        registrationYear: registered,
        district: fields.district,
        area: trim(fields.area) || null,
        resalePrice: trim(fields.resalePrice),
        originalPrice: trim(fields.originalPrice),
        purchaseYear: registered === null ? '' : String(registered),
        yearsOfUse: registered === null ? '' : String(yearsOfUseSince(registered)),
        condition: fields.condition,
        location: meetingPlace(fields.area, fields.district),
        color: trim(fields.color),
        sellerPhone: trim(fields.sellerPhone),
        description: trim(fields.description),
        productImages: photos,
        paymentMethods: fields.paymentMethods,
        deposit: depositOf(fields),
        negotiable: fields.negotiable,
        phoneInConversation: fields.phoneInConversation,
        onWhatsapp: fields.onWhatsapp,
      });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) return error.fields;
      toast.error(error instanceof Error ? error.message : t('addFailed'));
      // The account read before said the phone was confirmed: read it again, and the
      // phone check takes the form's place.
      if (error instanceof ApiError && error.reason === 'phone_unverified' && email) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.user(email) });
      }
      return undefined;
    }
    toast.success(t('added'));
    await navigate('/dashboard/seller-products');
    return undefined;
  };

  return (
    <SellingCard id="add-product-title" title={t('addTitle')} focusTitle={focusHeading}>
      <p className="mt-1 mb-6 text-stone-600">{t('addIntro')}</p>
      <ListingEditor
        categories={categories.data ?? []}
        categoriesError={categories.isError ? t('categoriesFailed') : undefined}
        listingFields={listingFields.data}
        listingFieldsError={listingFields.isError ? t('fieldsFailed') : undefined}
        busy={adding.isPending}
        phone={phone}
        onSubmit={onSubmit}
      />
    </SellingCard>
  );
}
