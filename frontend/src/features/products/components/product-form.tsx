// The seller's product form: every field required, with the messages of docs/product.md
// ('Forms and their messages'), and what buyers filter on (brand, model, engine size,
// kilometres, registration year, district, area) with messages like the server's; one
// column on a phone, two on wider screens. Up to 8 photos, the first the cover. The same
// form edits an unsold listing: what the bike is (category, name, brand, model, engine
// size, registration year, original price, purchase year, years of use) stays as posted
// and shows read-only; the photos load and can be changed.
import { useEffect, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { errorId, FieldInput, FormField, inputLook } from '@/components/form-field.tsx';
import { PhotoPicker } from '@/features/products/components/photo-picker.tsx';
import { photoProblem, usePhotos } from '@/features/products/hooks/use-photos.ts';
import type { Category, ListingFields, Product } from '@/lib/api/types.ts';

export interface ProductFields {
  categoryId: string;
  productName: string;
  brand: string;
  model: string;
  engineCc: string;
  kmDriven: string;
  registrationYear: string;
  district: string;
  area: string;
  resalePrice: string;
  originalPrice: string;
  purchaseYear: string;
  yearsOfUse: string;
  condition: string;
  location: string;
  color: string;
  sellerPhone: string;
  description: string;
}

/** Field messages from the server, by field name. */
export type FieldMessages = Record<string, string>;

export const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;

/** The fields of a listing as a number, or null when not given. */
export function asWhole(text: string): number | null {
  const digits = text.replace(/,/g, '').trim();
  return digits === '' ? null : Number(digits);
}

const MIN_CC = 50;
const MAX_CC = 2000;
const MAX_KM = 1_000_000;
const MIN_REGISTRATION_YEAR = 1980;

/** A whole number from `min` to `max` (commas allowed, "14,500"); `missing` when required and empty. */
const whole =
  (min: number, max: number, outside: string, missing?: string) =>
  (value: string): true | string => {
    const digits = value.replace(/,/g, '').trim();
    if (digits === '') return missing ?? true;
    return (/^\d+$/.test(digits) && Number(digits) >= min && Number(digits) <= max) || outside;
  };

const FIELD_NAMES: ReadonlySet<string> = new Set<keyof ProductFields>([
  'categoryId',
  'productName',
  'brand',
  'model',
  'engineCc',
  'kmDriven',
  'registrationYear',
  'district',
  'area',
  'resalePrice',
  'originalPrice',
  'purchaseYear',
  'yearsOfUse',
  'condition',
  'location',
  'color',
  'sellerPhone',
  'description',
]);

const filled = (message: string) => (value: string) => value.trim() !== '' || message;

/** A listing's fields as the form holds them (text, as typed). */
function asTyped(product: Product): Partial<ProductFields> {
  return {
    categoryId: product.categoryId,
    productName: product.productName,
    brand: product.brand ?? '',
    model: product.model ?? '',
    engineCc: product.engineCc == null ? '' : String(product.engineCc),
    kmDriven: product.kmDriven == null ? '' : String(product.kmDriven),
    registrationYear: product.registrationYear == null ? '' : String(product.registrationYear),
    district: product.district ?? '',
    area: product.area ?? '',
    resalePrice: String(product.resalePrice),
    originalPrice: String(product.originalPrice),
    purchaseYear: String(product.purchaseYear),
    yearsOfUse: String(product.yearsOfUse),
    condition: product.condition,
    location: product.location,
    color: product.color,
    sellerPhone: product.sellerPhone ?? '',
    description: product.description,
  };
}

/** The districts to choose from: the listing's own stays there while the list loads. */
function districtsOf(fields: ListingFields | undefined, editing: Product | undefined): readonly string[] {
  const listed = fields?.districts ?? [];
  const own = editing?.district;
  return own && !listed.includes(own) ? [own, ...listed] : listed;
}

/** Select and textarea share the inputs' look and the way they point at their message. */
function describedBy(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': errorId(id), className: inputLook };
}

export function ProductForm({
  categories,
  categoriesError,
  listingFields,
  listingFieldsError,
  busy,
  editing,
  onSubmit,
}: {
  categories: readonly Category[];
  categoriesError?: string | undefined;
  /** The brands and districts to choose from; absent while they load. */
  listingFields?: ListingFields | undefined;
  listingFieldsError?: string | undefined;
  busy: boolean;
  /** The listing being changed; absent when adding one. */
  editing?: Product | undefined;
  /**
   * Lists (or changes) the bike with its uploaded photos, the cover first; answers the
   * server's messages for fields it refused.
   */
  onSubmit: (fields: ProductFields, photos: string[]) => Promise<FieldMessages | undefined>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<ProductFields>({
    defaultValues: editing
      ? asTyped(editing)
      : {
          categoryId: '',
          productName: '',
          brand: '',
          model: '',
          engineCc: '',
          kmDriven: '',
          registrationYear: '',
          district: '',
          area: '',
          condition: '',
          location: '',
        },
  });
  // A select shows its value only once that option exists: when the categories, brands or
  // districts arrive after the form, put back what the listing (or the seller) chose.
  useEffect(() => {
    for (const name of ['categoryId', 'brand', 'district'] as const) setValue(name, getValues(name));
  }, [categories, listingFields, setValue, getValues]);
  const photos = usePhotos(editing ? (editing.photos.length > 0 ? editing.photos : [editing.productImage]) : []);
  const [photoError, setPhotoError] = useState<string | undefined>();
  // Editing keeps what the bike is as posted: those fields show, read-only.
  const fixed = editing !== undefined;
  const thisYear = new Date().getFullYear();

  const submit = async (fields: ProductFields) => {
    // Photos still uploading are waited for; the button says the form is busy meanwhile.
    const uploaded = await photos.settled();
    const problem = photoProblem(uploaded);
    setPhotoError(problem);
    if (problem) {
      document.getElementById('product-image')?.focus();
      return;
    }
    const refused = await onSubmit(
      fields,
      uploaded.map((photo) => photo.url ?? ''),
    );
    if (!refused) return;
    let first = true;
    for (const [name, message] of Object.entries(refused)) {
      if (name === 'productImages' || name === 'productImage') {
        setPhotoError(message);
        continue;
      }
      if (!FIELD_NAMES.has(name)) continue;
      setError(name as Path<ProductFields>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  };

  const text = (name: keyof ProductFields, message = 'required') => register(name, { validate: filled(message) });
  const posted = (name: keyof ProductFields, message = 'required') =>
    fixed ? { ...register(name), readOnly: true, 'aria-readonly': true } : text(name, message);
  const number = (name: keyof ProductFields, check: (value: string) => true | string) =>
    fixed && (name === 'engineCc' || name === 'registrationYear')
      ? { ...register(name), readOnly: true, 'aria-readonly': true }
      : register(name, { validate: check });

  // A new listing's location starts as "area, district" until the seller writes their own.
  const suggestLocation = () => {
    if (fixed || getFieldState('location').isDirty) return;
    const suggested = [getValues('area').trim(), getValues('district')].filter(Boolean).join(', ');
    setValue('location', suggested, { shouldValidate: getFieldState('location').invalid });
  };

  const busyNow = busy || isSubmitting;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // Missing photos show alongside the other fields' messages.
        if (photos.list.length === 0) setPhotoError('required');
        void handleSubmit(submit)(event);
      }}
      className="grid grid-cols-1 gap-5 md:grid-cols-2"
    >
      <FormField id="product-category" label="Category" error={errors.categoryId?.message ?? categoriesError}>
        <select
          {...describedBy('product-category', errors.categoryId?.message)}
          {...(fixed ? { ...register('categoryId'), disabled: true } : text('categoryId', 'Please Select a Category'))}
        >
          <option value="">Please Select a Category</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.categoryName}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="product-name" label="Product Name" error={errors.productName?.message}>
        <FieldInput
          id="product-name"
          error={errors.productName?.message}
          type="text"
          placeholder="e.g. Yamaha R15 V3"
          {...posted('productName')}
        />
      </FormField>
      <div className="md:col-span-2">
        <PhotoPicker
          photos={photos}
          error={photoError}
          onChange={() => {
            setPhotoError(undefined);
          }}
        />
      </div>
      <FormField id="product-brand" label="Brand" error={errors.brand?.message ?? listingFieldsError}>
        {fixed ? (
          <FieldInput
            id="product-brand"
            type="text"
            placeholder="Not given"
            {...register('brand')}
            readOnly
            aria-readonly
          />
        ) : (
          <select
            {...describedBy('product-brand', errors.brand?.message)}
            {...text('brand', 'Please select the brand')}
          >
            <option value="">Select the brand</option>
            {listingFields?.brands.map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="product-model" label="Model" error={errors.model?.message}>
        <FieldInput
          id="product-model"
          error={errors.model?.message}
          type="text"
          maxLength={60}
          placeholder={fixed ? 'Not given' : 'e.g. Pulsar N160'}
          {...posted('model', 'Please give the model')}
        />
      </FormField>
      <FormField id="product-engine-cc" label="Engine (cc)" error={errors.engineCc?.message}>
        <FieldInput
          id="product-engine-cc"
          error={errors.engineCc?.message}
          type="text"
          inputMode="numeric"
          placeholder={fixed ? 'Not given' : 'e.g. 160'}
          {...number(
            'engineCc',
            whole(
              MIN_CC,
              MAX_CC,
              `Engine size must be a whole number of cc from ${String(MIN_CC)} to ${String(MAX_CC)}`,
              'Please give the engine size in cc',
            ),
          )}
        />
      </FormField>
      <FormField id="product-registration-year" label="Registration Year" error={errors.registrationYear?.message}>
        <FieldInput
          id="product-registration-year"
          error={errors.registrationYear?.message}
          type="text"
          inputMode="numeric"
          placeholder={fixed ? 'Not given' : 'e.g. 2021'}
          {...number(
            'registrationYear',
            whole(
              MIN_REGISTRATION_YEAR,
              thisYear,
              `Registration year must be a year between ${String(MIN_REGISTRATION_YEAR)} and ${String(thisYear)}`,
              'Please give the registration year',
            ),
          )}
        />
      </FormField>
      <FormField id="product-km-driven" label="Kilometres Driven" error={errors.kmDriven?.message}>
        <FieldInput
          id="product-km-driven"
          error={errors.kmDriven?.message}
          type="text"
          inputMode="numeric"
          placeholder="e.g. 14,500"
          {...number(
            'kmDriven',
            whole(
              0,
              MAX_KM,
              `Kilometres driven must be a whole number from 0 to ${String(MAX_KM)}`,
              fixed ? undefined : 'Please give the kilometres driven',
            ),
          )}
        />
      </FormField>
      <FormField id="product-condition" label="Condition" error={errors.condition?.message}>
        <select {...describedBy('product-condition', errors.condition?.message)} {...text('condition')}>
          <option value="">Select the condition</option>
          {CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {condition}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="product-resale-price" label="Resale Price (৳)" error={errors.resalePrice?.message}>
        <FieldInput
          id="product-resale-price"
          error={errors.resalePrice?.message}
          type="text"
          inputMode="numeric"
          placeholder="e.g. 1,85,000"
          {...text('resalePrice')}
        />
      </FormField>
      <FormField id="product-original-price" label="Original Price (৳)" error={errors.originalPrice?.message}>
        <FieldInput
          id="product-original-price"
          error={errors.originalPrice?.message}
          type="text"
          inputMode="numeric"
          placeholder="e.g. 2,40,000"
          {...posted('originalPrice')}
        />
      </FormField>
      <FormField id="product-purchase-year" label="Purchase Year" error={errors.purchaseYear?.message}>
        <FieldInput
          id="product-purchase-year"
          error={errors.purchaseYear?.message}
          type="text"
          inputMode="numeric"
          placeholder="e.g. 2021"
          {...posted('purchaseYear')}
        />
      </FormField>
      <FormField id="product-years-of-use" label="Years of Use" error={errors.yearsOfUse?.message}>
        <FieldInput
          id="product-years-of-use"
          error={errors.yearsOfUse?.message}
          type="text"
          inputMode="numeric"
          placeholder="e.g. 3"
          {...posted('yearsOfUse')}
        />
      </FormField>
      <FormField id="product-district" label="District" error={errors.district?.message}>
        <select
          {...describedBy('product-district', errors.district?.message)}
          {...register('district', {
            validate: fixed ? () => true : filled('Please select the district'),
            onChange: suggestLocation,
          })}
        >
          <option value="">Select the district</option>
          {districtsOf(listingFields, editing).map((district) => (
            <option key={district} value={district}>
              {district}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="product-area" label="Area (optional)" error={errors.area?.message}>
        <FieldInput
          id="product-area"
          error={errors.area?.message}
          type="text"
          maxLength={80}
          placeholder="e.g. Mirpur 10"
          {...register('area', { onChange: suggestLocation })}
        />
      </FormField>
      <FormField id="product-location" label="Location" error={errors.location?.message}>
        <FieldInput
          id="product-location"
          error={errors.location?.message}
          type="text"
          placeholder="e.g. Mirpur 10, Dhaka"
          {...text('location')}
        />
      </FormField>
      <FormField id="product-color" label="Color" error={errors.color?.message}>
        <FieldInput
          id="product-color"
          error={errors.color?.message}
          type="text"
          placeholder="e.g. Racing Blue"
          {...text('color')}
        />
      </FormField>
      <FormField id="product-seller-phone" label="Seller Contact Number" error={errors.sellerPhone?.message}>
        <FieldInput
          id="product-seller-phone"
          error={errors.sellerPhone?.message}
          type="tel"
          autoComplete="tel"
          placeholder="01XXXXXXXXX"
          {...text('sellerPhone')}
        />
      </FormField>
      <div className="md:col-span-2">
        <FormField id="product-description" label="Description" error={errors.description?.message}>
          <textarea
            rows={5}
            placeholder="Service history, modifications, papers, why you are selling…"
            {...describedBy('product-description', errors.description?.message)}
            {...text('description', 'Description is required')}
          />
        </FormField>
      </div>
      <div className="md:col-span-2">
        <button
          type="submit"
          disabled={busyNow}
          aria-busy={busyNow}
          className="w-full rounded-lg bg-brand-700 px-8 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 md:w-auto"
        >
          {busyNow ? (fixed ? 'Saving…' : 'Loading....') : fixed ? 'Save changes' : 'Add product'}
        </button>
      </div>
    </form>
  );
}
