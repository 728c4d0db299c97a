// The seller's listing form: every field required, with the messages of docs/product.md
// ('Forms and their messages'), and what buyers filter on (brand, model, engine size,
// kilometres, registration year, district, area) with messages like the server's; one
// column on a phone, two on wider screens. It asks each thing once: the listing's name,
// meeting place, purchase year and years of use are filled from what the seller gave
// (`listing-editor-fields.ts`). Up to 8 photos, the first the cover. The same form edits
// an unsold listing: what the bike is (category, brand, model, engine size, registration
// year, original price) stays as posted and shows read-only; the photos load and can be
// changed. The seller says which ways to
// pay the listing takes and whether a deposit reserves it, on both. The fields are drawn section
// by section (`listing-editor-sections.tsx`); this component holds the form's state, the
// photos and what happens on submit.
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  asTyped,
  fieldOfServer,
  filled,
  OPEN_TERMS,
  plainFields,
  type FieldKit,
  type FieldMessages,
  type ListingEditorFields,
  type TextName,
} from '@/features/selling/components/listing-editor-fields.ts';
import {
  BikeFields,
  CategoryField,
  DescriptionFields,
  PayFields,
  PriceFields,
  StateFields,
  WhereFields,
} from '@/features/selling/components/listing-editor-sections.tsx';
import { PhotoPicker } from '@/features/selling/components/photo-picker.tsx';
import { MAX_PHOTOS, photoProblem, usePhotos } from '@/features/selling/hooks/use-photos.ts';
import type { Category, ListingFields, Listing } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';
import { localPhone } from '@/lib/phone-number.ts';
import { sellingMessages } from '@/features/selling/selling.messages.ts';

const EMPTY: Partial<ListingEditorFields> = {
  categoryId: '',
  brand: '',
  model: '',
  engineCc: '',
  kmDriven: '',
  registrationYear: '',
  district: '',
  area: '',
  condition: '',
  ...OPEN_TERMS,
  negotiable: true,
  phoneInConversation: false,
  onWhatsapp: false,
};

export function ListingEditor({
  categories,
  categoriesError,
  listingFields,
  listingFieldsError,
  busy,
  editing,
  phone,
  onSubmit,
}: {
  categories: readonly Category[];
  categoriesError?: string | undefined;
  /** The brands and districts to choose from; absent while they load. */
  listingFields?: ListingFields | undefined;
  listingFieldsError?: string | undefined;
  busy: boolean;
  /** The listing being changed; absent when adding one. */
  editing?: Listing | undefined;
  /**
   * The number the seller confirmed by SMS, once they have: a new listing's empty contact
   * number takes it (buyers see "Phone verified" on a listing with that number).
   */
  phone?: string | null | undefined;
  /**
   * Lists (or changes) the bike with its uploaded photos, the cover first; answers the
   * server's messages for fields it refused.
   */
  onSubmit: (fields: ListingEditorFields, photos: string[]) => Promise<FieldMessages | undefined>;
}) {
  const t = useT(sellingMessages);
  const { locale } = useLanguage();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ListingEditorFields>({ defaultValues: editing ? asTyped(editing) : EMPTY });
  // The amount or share to type shows once the seller chooses that kind of deposit.
  const deposit = useWatch({ control, name: 'deposit' });
  // A select shows its value only once that option exists: when the categories, brands or
  // districts arrive after the form, put back what the listing (or the seller) chose.
  useEffect(() => {
    for (const name of ['categoryId', 'brand', 'district'] as const) setValue(name, getValues(name));
  }, [categories, listingFields, setValue, getValues]);
  useEffect(() => {
    if (phone && !editing && getValues('sellerPhone').trim() === '') setValue('sellerPhone', localPhone(phone));
  }, [phone, editing, getValues, setValue]);
  const photos = usePhotos(editing ? (editing.photos.length > 0 ? editing.photos : [editing.productImage]) : []);
  const [photoError, setPhotoError] = useState<string | undefined>();
  // Editing keeps what the bike is as posted: those fields show, read-only.
  const fixed = editing !== undefined;

  const submit = async (fields: ListingEditorFields) => {
    // Photos still uploading are waited for; the button says the form is busy meanwhile.
    const uploaded = await photos.settled();
    const problem = photoProblem(uploaded, t, localDigits(String(MAX_PHOTOS), locale));
    setPhotoError(problem);
    if (problem) {
      document.getElementById('product-image')?.focus();
      return;
    }
    // Sent as the server reads them: "২ লাখ" as 200000, "১৪,৫০০" as 14500.
    const refused = await onSubmit(
      plainFields(fields),
      uploaded.map((photo) => photo.url ?? ''),
    );
    if (!refused) return;
    let first = true;
    for (const [name, message] of Object.entries(refused)) {
      if (name === 'productImages' || name === 'productImage') {
        setPhotoError(message);
        continue;
      }
      const field = fieldOfServer(name);
      if (field === undefined) continue;
      setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  };

  const text = (name: TextName, message = t('required')) => register(name, { validate: filled(message) });
  const readOnly = (name: TextName) => ({
    ...register(name),
    readOnly: true as const,
    'aria-readonly': true as const,
  });
  const kit: FieldKit = {
    errors,
    control,
    t,
    locale,
    register,
    text,
    fixed,
    posted: (name, message = t('required')) => (fixed ? readOnly(name) : text(name, message)),
    number: (name, check) =>
      fixed && (name === 'engineCc' || name === 'registrationYear')
        ? readOnly(name)
        : register(name, { validate: check }),
  };

  const busyNow = busy || isSubmitting;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // Missing photos show alongside the other fields' messages.
        if (photos.list.length === 0) setPhotoError(t('required'));
        void handleSubmit(submit)(event);
      }}
      className="grid grid-cols-1 gap-5 md:grid-cols-2"
    >
      <div className="md:col-span-2">
        <PhotoPicker
          photos={photos}
          error={photoError}
          onChange={() => {
            setPhotoError(undefined);
          }}
        />
      </div>
      <CategoryField kit={kit} categories={categories} categoriesError={categoriesError} />
      <BikeFields kit={kit} listingFields={listingFields} listingFieldsError={listingFieldsError} />
      <StateFields kit={kit} />
      <PriceFields kit={kit} />
      <PayFields kit={kit} deposit={deposit} />
      <WhereFields kit={kit} listingFields={listingFields} editing={editing} />
      <DescriptionFields kit={kit} />
      <div className="md:col-span-2">
        <button
          type="submit"
          disabled={busyNow}
          aria-busy={busyNow}
          className="w-full rounded-lg bg-brand-700 px-8 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 md:w-auto"
        >
          {busyNow ? t(fixed ? 'saving' : 'adding') : t(fixed ? 'saveChanges' : 'addProduct')}
        </button>
      </div>
    </form>
  );
}
