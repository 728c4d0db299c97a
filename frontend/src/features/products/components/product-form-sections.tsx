// The seller's listing form, section by section, in the order it shows: what the bike is
// (category and name; brand, model, engine, registration), its state (kilometres and
// condition), its prices and age, where it is, and how it looks and whom to call. Each
// section registers its own fields through the form's `FieldKit`.
import { FieldInput, FormField } from '@/components/form-field.tsx';
import {
  CONDITIONS,
  describedBy,
  districtsOf,
  filled,
  MAX_CC,
  MAX_KM,
  MIN_CC,
  MIN_REGISTRATION_YEAR,
  whole,
  type FieldKit,
} from '@/features/products/components/product-fields.ts';
import type { Category, ListingFields, Product } from '@/lib/api/types.ts';

/** Category and name: what the listing is called, where it is filed. */
export function NameFields({
  kit: { errors, register, text, posted, fixed },
  categories,
  categoriesError,
}: {
  kit: FieldKit;
  categories: readonly Category[];
  categoriesError?: string | undefined;
}) {
  return (
    <>
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
    </>
  );
}

/** Brand, model, engine size and registration year: what buyers filter on. */
export function BikeFields({
  kit: { errors, register, text, posted, number, fixed },
  listingFields,
  listingFieldsError,
}: {
  kit: FieldKit;
  listingFields?: ListingFields | undefined;
  listingFieldsError?: string | undefined;
}) {
  const thisYear = new Date().getFullYear();
  return (
    <>
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
    </>
  );
}

/** Kilometres driven and condition: how much life the bike has had. */
export function StateFields({ kit: { errors, text, number, fixed } }: { kit: FieldKit }) {
  return (
    <>
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
    </>
  );
}

/** The asking price, and what the bike cost, when and for how long it was used. */
export function PriceFields({ kit: { errors, text, posted } }: { kit: FieldKit }) {
  return (
    <>
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
    </>
  );
}

/** District, area and the meeting place buyers read ("Mirpur 10, Dhaka"). */
export function WhereFields({
  kit: { errors, register, text, fixed },
  listingFields,
  editing,
  suggestLocation,
}: {
  kit: FieldKit;
  listingFields?: ListingFields | undefined;
  editing?: Product | undefined;
  /** Fills the location from the area and district while the seller has not written one. */
  suggestLocation: () => void;
}) {
  return (
    <>
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
    </>
  );
}

/** Colour, the number buyers call, and the seller's own words. */
export function DescriptionFields({ kit: { errors, text } }: { kit: FieldKit }) {
  return (
    <>
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
    </>
  );
}
