// The seller's listing form, section by section, in the order it shows: what the bike is
// (category and name; brand, model, engine, registration), its state (kilometres and
// condition), its prices and age, how buyers can pay, where it is, and how it looks and
// whom to call. Each section registers its own fields through the form's `FieldKit`.
import type { InputHTMLAttributes } from 'react';
import { errorId, FieldInput, FormField } from '@/components/form-field.tsx';
import {
  CONDITIONS,
  depositAmountCheck,
  depositHeldCheck,
  depositPercentCheck,
  describedBy,
  districtsOf,
  filled,
  MAX_CC,
  MAX_KM,
  MIN_CC,
  MIN_REGISTRATION_YEAR,
  PAY_WAYS,
  someWay,
  whole,
  type DepositKind,
  type FieldKit,
  type PayWay,
  type Registered,
} from '@/features/selling/components/listing-editor-fields.ts';
import type { Category, ListingFields, Listing } from '@/lib/api/types.ts';
import { ContactTermsFields } from '@/features/selling/components/contact-terms-fields.tsx';

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
      <InputField
        id="product-name"
        label="Product Name"
        error={errors.productName?.message}
        type="text"
        placeholder="e.g. Yamaha R15 V3"
        registered={posted('productName')}
      />
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
      <InputField
        id="product-model"
        label="Model"
        error={errors.model?.message}
        type="text"
        maxLength={60}
        placeholder={fixed ? 'Not given' : 'e.g. Pulsar N160'}
        registered={posted('model', 'Please give the model')}
      />
      <InputField
        id="product-engine-cc"
        label="Engine (cc)"
        error={errors.engineCc?.message}
        type="text"
        inputMode="numeric"
        placeholder={fixed ? 'Not given' : 'e.g. 160'}
        registered={number(
          'engineCc',
          whole(
            MIN_CC,
            MAX_CC,
            `Engine size must be a whole number of cc from ${String(MIN_CC)} to ${String(MAX_CC)}`,
            'Please give the engine size in cc',
          ),
        )}
      />
      <InputField
        id="product-registration-year"
        label="Registration Year"
        error={errors.registrationYear?.message}
        type="text"
        inputMode="numeric"
        placeholder={fixed ? 'Not given' : 'e.g. 2021'}
        registered={number(
          'registrationYear',
          whole(
            MIN_REGISTRATION_YEAR,
            thisYear,
            `Registration year must be a year between ${String(MIN_REGISTRATION_YEAR)} and ${String(thisYear)}`,
            'Please give the registration year',
          ),
        )}
      />
    </>
  );
}

/** Kilometres driven and condition: how much life the bike has had. */
export function StateFields({ kit: { errors, text, number, fixed } }: { kit: FieldKit }) {
  return (
    <>
      <InputField
        id="product-km-driven"
        label="Kilometres Driven"
        error={errors.kmDriven?.message}
        type="text"
        inputMode="numeric"
        placeholder="e.g. 14,500"
        registered={number(
          'kmDriven',
          whole(
            0,
            MAX_KM,
            `Kilometres driven must be a whole number from 0 to ${String(MAX_KM)}`,
            fixed ? undefined : 'Please give the kilometres driven',
          ),
        )}
      />
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

/** The prices and age, in order; the asking price can always change, the rest stays as posted. */
const PRICE_FIELDS: [
  name: 'resalePrice' | 'originalPrice' | 'purchaseYear' | 'yearsOfUse',
  id: string,
  label: string,
  placeholder: string,
][] = [
  ['resalePrice', 'product-resale-price', 'Resale Price (৳)', 'e.g. 1,85,000'],
  ['originalPrice', 'product-original-price', 'Original Price (৳)', 'e.g. 2,40,000'],
  ['purchaseYear', 'product-purchase-year', 'Purchase Year', 'e.g. 2021'],
  ['yearsOfUse', 'product-years-of-use', 'Years of Use', 'e.g. 3'],
];

/**
 * The asking price, whether buyers may offer less (they may unless the seller says the
 * price is fixed), and what the bike cost, when and for how long it was used.
 */
export function PriceFields({ kit: { errors, text, posted, register } }: { kit: FieldKit }) {
  return (
    <>
      {PRICE_FIELDS.map(([name, id, label, placeholder]) => {
        const field = (
          <InputField
            key={name}
            id={id}
            label={label}
            error={errors[name]?.message}
            type="text"
            inputMode="numeric"
            placeholder={placeholder}
            registered={name === 'resalePrice' ? text(name) : posted(name)}
          />
        );
        if (name !== 'resalePrice') return field;
        return (
          <div key={name}>
            {field}
            <label className="mt-2 flex min-h-9 cursor-pointer items-center gap-2.5 text-sm font-medium text-stone-800">
              <input
                type="checkbox"
                aria-describedby="product-negotiable-hint"
                className="size-5 shrink-0 accent-brand-700"
                {...register('negotiable')}
              />
              Price is negotiable
            </label>
            <p id="product-negotiable-hint" className="text-xs text-stone-500">
              Buyers can offer a lower price in a conversation; untick for a fixed price.
            </p>
          </div>
        );
      })}
    </>
  );
}

const PAY_WAY_LABELS: Record<PayWay, string> = {
  cash: 'Cash at the meet-up',
  card: 'Card (held until the handover)',
  bkash: 'bKash (held until the handover)',
};

const DEPOSIT_KINDS: [kind: DepositKind, label: string][] = [
  ['none', 'No deposit'],
  ['amount', 'A fixed amount'],
  ['percent', 'A share of the price'],
];

/** The field a deposit kind other than none is typed in. */
const DEPOSIT_TYPED = {
  amount: {
    name: 'depositAmount',
    id: 'product-deposit-amount',
    label: 'Deposit amount (৳)',
    placeholder: 'e.g. 20,000',
    check: depositAmountCheck,
  },
  percent: {
    name: 'depositPercent',
    id: 'product-deposit-percent',
    label: 'Deposit share of the price (%)',
    placeholder: 'e.g. 10',
    check: depositPercentCheck,
  },
} as const;

/**
 * The ways to pay the listing takes (every one ticked on a new listing) and the deposit
 * asked to reserve it: none, a fixed amount, or a share of the price, typed once chosen.
 */
export function PayFields({ kit: { errors, register }, deposit }: { kit: FieldKit; deposit: DepositKind }) {
  const waysError = errors.paymentMethods?.message;
  const depositError = errors.deposit?.message;
  return (
    <fieldset className="rounded-xl border border-stone-200 p-4 md:col-span-2">
      <legend className="px-1 font-semibold text-stone-900">How buyers can pay</legend>
      <fieldset aria-describedby={waysError ? errorId('product-pay-ways') : undefined}>
        <legend className="text-sm font-medium text-stone-800">Ways to pay</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {PAY_WAYS.map((way) => (
            <Choice
              key={way}
              type="checkbox"
              value={way}
              label={PAY_WAY_LABELS[way]}
              invalid={Boolean(waysError)}
              registered={register('paymentMethods', { validate: someWay, deps: 'deposit' })}
            />
          ))}
        </div>
        {waysError && <GroupError id="product-pay-ways" message={waysError} />}
      </fieldset>
      <fieldset
        className="mt-4"
        aria-describedby={`product-deposit-hint${depositError ? ` ${errorId('product-deposit')}` : ''}`}
      >
        <legend className="text-sm font-medium text-stone-800">Deposit to reserve</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {DEPOSIT_KINDS.map(([kind, label]) => (
            <Choice
              key={kind}
              type="radio"
              value={kind}
              label={label}
              invalid={Boolean(depositError)}
              registered={register('deposit', { validate: depositHeldCheck })}
            />
          ))}
        </div>
        {depositError && <GroupError id="product-deposit" message={depositError} />}
        {deposit !== 'none' && (
          // Its own field for each kind: what was typed as an amount is not taken for a share.
          <div key={deposit} className="mt-3 sm:max-w-xs">
            <InputField
              id={DEPOSIT_TYPED[deposit].id}
              label={DEPOSIT_TYPED[deposit].label}
              error={errors[DEPOSIT_TYPED[deposit].name]?.message}
              type="text"
              inputMode="numeric"
              placeholder={DEPOSIT_TYPED[deposit].placeholder}
              registered={register(DEPOSIT_TYPED[deposit].name, { validate: DEPOSIT_TYPED[deposit].check })}
            />
          </div>
        )}
        <p id="product-deposit-hint" className="mt-3 text-sm text-stone-600">
          The deposit is held by card or bKash when the buyer reserves, and taken only at the handover; the rest is
          paid in cash at the meet-up.
        </p>
      </fieldset>
    </fieldset>
  );
}

/** One choice of a group, a box to tick or a dot to pick, with its label beside it. */
function Choice({
  label,
  invalid,
  registered,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; invalid: boolean; registered: Registered }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium text-stone-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900">
      <input
        aria-invalid={invalid ? true : undefined}
        className="size-5 shrink-0 accent-brand-700"
        {...input}
        {...registered}
      />
      {label}
    </label>
  );
}

/** A message for a group of choices, which the group points at. */
function GroupError({ id, message }: { id: string; message: string }) {
  return (
    <p id={errorId(id)} role="alert" className="mt-1.5 text-sm text-red-600">
      {message}
    </p>
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
  editing?: Listing | undefined;
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
      <InputField
        id="product-area"
        label="Area (optional)"
        error={errors.area?.message}
        type="text"
        maxLength={80}
        placeholder="e.g. Mirpur 10"
        registered={register('area', { onChange: suggestLocation })}
      />
      <InputField
        id="product-location"
        label="Location"
        error={errors.location?.message}
        type="text"
        placeholder="e.g. Mirpur 10, Dhaka"
        registered={text('location')}
      />
    </>
  );
}

/** Colour, the number buyers call and when they see it, and the seller's own words. */
export function DescriptionFields({ kit: { errors, text, register } }: { kit: FieldKit }) {
  return (
    <>
      <InputField
        id="product-color"
        label="Color"
        error={errors.color?.message}
        type="text"
        placeholder="e.g. Racing Blue"
        registered={text('color')}
      />
      <InputField
        id="product-seller-phone"
        label="Seller Contact Number"
        error={errors.sellerPhone?.message}
        type="tel"
        autoComplete="tel"
        placeholder="01XXXXXXXXX"
        registered={text('sellerPhone')}
      />
      <ContactTermsFields register={register} />
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

/** One labelled text input with its message, registered with the form. */
function InputField({
  id,
  label,
  error,
  registered,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error: string | undefined;
  registered: Registered;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <FieldInput id={id} error={error} {...input} {...registered} />
    </FormField>
  );
}

