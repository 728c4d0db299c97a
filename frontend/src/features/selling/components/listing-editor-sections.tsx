// The seller's listing form, section by section, in the order it shows: what the bike is
// (category; brand, model, engine, registration), its state and looks (kilometres,
// condition, colour), its prices, how buyers can pay, where it is, and whom to call. Each
// section registers its own fields through the form's `FieldKit`. Kilometres and prices
// are grouped as they are typed ("185000" shows as "1,85,000").
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { errorId, FieldInput, FormField } from '@/components/form-field.tsx';
import { useLanguage } from '@/lib/i18n/language-context.ts';
import { formatNumber, groupAsTyped, localDigits, parseAmount } from '@/lib/i18n/numbers.ts';
import { CONDITIONS, conditionWord } from '@/lib/listing-condition.ts';
import {
  depositAmountCheck,
  depositHeldCheck,
  depositPercentCheck,
  describedBy,
  districtsOf,
  filled,
  listingName,
  MAX_CC,
  MAX_KM,
  MIN_CC,
  MIN_REGISTRATION_YEAR,
  PAY_WAYS,
  someWay,
  whole,
  type DepositKind,
  type FieldKit,
  type ListingEditorFields,
  type Registered,
} from '@/features/selling/components/listing-editor-fields.ts';
import type { Category, ListingFields, Listing } from '@/lib/api/types.ts';
import { ContactTermsFields } from '@/features/selling/components/contact-terms-fields.tsx';

/** A Bangladeshi mobile number's shape, the same in both languages. */
const PHONE_PLACEHOLDER = '01XXXXXXXXX';

/** The category the listing is filed under. */
export function CategoryField({
  kit: { errors, register, text, fixed, t },
  categories,
  categoriesError,
}: {
  kit: FieldKit;
  categories: readonly Category[];
  categoriesError?: string | undefined;
}) {
  return (
    <FormField id="product-category" label={t('category')} error={errors.categoryId?.message ?? categoriesError}>
      <select
        {...describedBy('product-category', errors.categoryId?.message)}
        {...(fixed ? { ...register('categoryId'), disabled: true } : text('categoryId', t('selectCategory')))}
      >
        <option value="">{t('selectCategory')}</option>
        {categories.map((category) => (
          <option key={category._id} value={category._id}>
            {category.categoryName}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/**
 * A number field whose digits are grouped as they are typed ("185000" shows "1,85,000"),
 * the caret staying after the digit it was after; words ("2 lakh") stay as typed.
 */
export function groupedAsTyped(registered: Registered): Registered {
  return {
    ...registered,
    onChange: (event: { target: unknown; type?: unknown }) => {
      const input = event.target;
      if (input instanceof HTMLInputElement) {
        const { text, caret } = groupAsTyped(input.value, input.selectionStart ?? input.value.length);
        if (text !== input.value) {
          input.value = text;
          input.setSelectionRange(caret, caret);
        }
      }
      return registered.onChange(event);
    },
  };
}

/** What buyers will see the listing called, from the brand and model as typed. */
function NameAsListed({ control, t }: Pick<FieldKit, 'control' | 't'>) {
  const [brand, model] = useWatch({ control, name: ['brand', 'model'] });
  const name = model.trim() === '' ? '' : listingName(brand, model);
  return name && t('listedAs', { name });
}

/** Brand, model, engine size and registration year: what buyers filter on. */
export function BikeFields({
  kit: { errors, register, text, posted, number, fixed, t, locale, control },
  listingFields,
  listingFieldsError,
}: {
  kit: FieldKit;
  listingFields?: ListingFields | undefined;
  listingFieldsError?: string | undefined;
}) {
  const thisYear = new Date().getFullYear();
  const digits = (n: number) => localDigits(String(n), locale);
  return (
    <>
      <FormField id="product-brand" label={t('brand')} error={errors.brand?.message ?? listingFieldsError}>
        {fixed ? (
          <FieldInput
            id="product-brand"
            type="text"
            placeholder={t('notGiven')}
            {...register('brand')}
            readOnly
            aria-readonly
          />
        ) : (
          <select
            {...describedBy('product-brand', errors.brand?.message)}
            {...text('brand', t('brandRequired'))}
          >
            <option value="">{t('selectBrand')}</option>
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
        label={t('model')}
        error={errors.model?.message}
        type="text"
        maxLength={60}
        placeholder={t(fixed ? 'notGiven' : 'modelPlaceholder')}
        registered={posted('model', t('modelRequired'))}
        {...(fixed ? {} : { live: true, hint: <NameAsListed control={control} t={t} /> })}
      />
      <InputField
        id="product-engine-cc"
        label={t('engineCc')}
        error={errors.engineCc?.message}
        type="text"
        inputMode="numeric"
        placeholder={t(fixed ? 'notGiven' : 'engineCcPlaceholder')}
        registered={number(
          'engineCc',
          whole(
            MIN_CC,
            MAX_CC,
            t('engineCcOutside', { min: digits(MIN_CC), max: digits(MAX_CC) }),
            t('engineCcRequired'),
          ),
        )}
      />
      <InputField
        id="product-registration-year"
        label={t('registrationYear')}
        error={errors.registrationYear?.message}
        type="text"
        inputMode="numeric"
        placeholder={t(fixed ? 'notGiven' : 'yearPlaceholder')}
        {...(fixed ? {} : { hint: t('registrationYearHint') })}
        registered={number(
          'registrationYear',
          whole(
            MIN_REGISTRATION_YEAR,
            thisYear,
            t('registrationYearOutside', { min: digits(MIN_REGISTRATION_YEAR), max: digits(thisYear) }),
            t('registrationYearRequired'),
          ),
        )}
      />
    </>
  );
}

/** Kilometres driven, condition and colour: how much life the bike has had, and how it looks. */
export function StateFields({ kit: { errors, text, number, fixed, t, locale } }: { kit: FieldKit }) {
  // English says the limit as it always has (1000000); Bangla groups it (১০,০০,০০০).
  const maxKm = locale === 'en' ? String(MAX_KM) : formatNumber(MAX_KM, locale);
  return (
    <>
      <InputField
        id="product-km-driven"
        label={t('kmDriven')}
        error={errors.kmDriven?.message}
        type="text"
        inputMode="numeric"
        placeholder={t('kmPlaceholder')}
        registered={groupedAsTyped(
          number('kmDriven', whole(0, MAX_KM, t('kmOutside', { max: maxKm }), fixed ? undefined : t('kmRequired'))),
        )}
      />
      <FormField id="product-condition" label={t('condition')} error={errors.condition?.message}>
        <select {...describedBy('product-condition', errors.condition?.message)} {...text('condition')}>
          <option value="">{t('selectCondition')}</option>
          {CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {conditionWord(condition, locale)}
            </option>
          ))}
        </select>
      </FormField>
      <InputField
        id="product-color"
        label={t('color')}
        error={errors.color?.message}
        type="text"
        placeholder={t('colorPlaceholder')}
        registered={text('color')}
      />
    </>
  );
}

/** The prices, in order; the asking price can always change, what it cost stays as posted. */
const PRICE_FIELDS: [
  name: 'resalePrice' | 'originalPrice',
  id: string,
  placeholder: 'resalePricePlaceholder' | 'originalPricePlaceholder',
][] = [
  ['resalePrice', 'product-resale-price', 'resalePricePlaceholder'],
  ['originalPrice', 'product-original-price', 'originalPricePlaceholder'],
];

/** Before the amount a price field understood ("= ৳2,00,000"), the same in both languages. */
const EQUALS = '=';

type PriceName = 'resalePrice' | 'originalPrice' | 'depositAmount';

/**
 * A price field that reads taka as people write them ("2 lakh", "১.৫ লাখ", "2L",
 * "১,৮৫,০০০") and says under it the amount it read, as the page writes taka:
 * "= ৳2,00,000", "= ৳১,৫০,০০০"; said politely to screen readers as it changes, and
 * describing the field while there is one.
 */
function PriceField({
  id,
  name,
  control,
  ...field
}: Parameters<typeof InputField>[0] & { name: PriceName; control: Control<ListingEditorFields> }) {
  const { locale } = useLanguage();
  // A field not yet touched on a new listing has no value at all.
  const typed: string | undefined = useWatch({ control, name });
  const amount = typed ? parseAmount(typed, locale) : null;
  return (
    <InputField
      id={id}
      {...field}
      live
      hint={
        amount && (
          <>
            {EQUALS} {amount.understood}
          </>
        )
      }
    />
  );
}

/**
 * The asking price, whether buyers may offer less (they may unless the seller says the
 * price is fixed), and what the bike cost new.
 */
export function PriceFields({ kit: { errors, text, posted, register, control, fixed, t } }: { kit: FieldKit }) {
  return (
    <>
      {PRICE_FIELDS.map(([name, id, placeholder]) => {
        const props = {
          id,
          label: t(name),
          error: errors[name]?.message,
          type: 'text',
          inputMode: 'numeric',
          placeholder: t(placeholder),
        } as const;
        // A price says the amount it read, unless it shows read-only as posted.
        const field =
          name === 'originalPrice' && fixed ? (
            <InputField key={name} {...props} registered={posted(name)} />
          ) : (
            <PriceField
              key={name}
              name={name}
              control={control}
              {...props}
              registered={groupedAsTyped(name === 'resalePrice' ? text(name) : posted(name))}
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
              {t('negotiable')}
            </label>
            <p id="product-negotiable-hint" className="text-xs text-stone-500">
              {t('negotiableHint')}
            </p>
          </div>
        );
      })}
    </>
  );
}

const DEPOSIT_KINDS: readonly DepositKind[] = ['none', 'amount', 'percent'];

/** The field a deposit kind other than none is typed in. */
const DEPOSIT_TYPED = {
  amount: {
    name: 'depositAmount',
    id: 'product-deposit-amount',
    label: 'depositAmount',
    placeholder: 'depositAmountPlaceholder',
  },
  percent: {
    name: 'depositPercent',
    id: 'product-deposit-percent',
    label: 'depositPercent',
    placeholder: 'depositPercentPlaceholder',
  },
} as const;

/**
 * The ways to pay the listing takes (every one ticked on a new listing) and the deposit
 * asked to reserve it: none, a fixed amount, or a share of the price, typed once chosen.
 */
export function PayFields({
  kit: { errors, register, control, t, locale },
  deposit,
}: {
  kit: FieldKit;
  deposit: DepositKind;
}) {
  const waysError = errors.paymentMethods?.message;
  const depositError = errors.deposit?.message;
  const typed = deposit === 'none' ? undefined : DEPOSIT_TYPED[deposit];
  return (
    <fieldset className="rounded-xl border border-stone-200 p-4 md:col-span-2">
      <legend className="px-1 font-semibold text-stone-900">{t('payHeading')}</legend>
      <fieldset aria-describedby={waysError ? errorId('product-pay-ways') : undefined}>
        <legend className="text-sm font-medium text-stone-800">{t('waysToPay')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {PAY_WAYS.map((way) => (
            <Choice
              key={way}
              type="checkbox"
              value={way}
              label={t(way)}
              invalid={Boolean(waysError)}
              registered={register('paymentMethods', { validate: someWay(t), deps: 'deposit' })}
            />
          ))}
        </div>
        {waysError && <GroupError id="product-pay-ways" message={waysError} />}
      </fieldset>
      <fieldset
        className="mt-4"
        aria-describedby={`product-deposit-hint${depositError ? ` ${errorId('product-deposit')}` : ''}`}
      >
        <legend className="text-sm font-medium text-stone-800">{t('depositHeading')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {DEPOSIT_KINDS.map((kind) => (
            <Choice
              key={kind}
              type="radio"
              value={kind}
              label={t(kind)}
              invalid={Boolean(depositError)}
              registered={register('deposit', { validate: depositHeldCheck(t) })}
            />
          ))}
        </div>
        {depositError && <GroupError id="product-deposit" message={depositError} />}
        {typed && (
          // Its own field for each kind: what was typed as an amount is not taken for a share.
          <div key={deposit} className="mt-3 sm:max-w-xs">
            {typed.name === 'depositAmount' ? (
              <PriceField
                id={typed.id}
                name={typed.name}
                control={control}
                label={t(typed.label)}
                error={errors.depositAmount?.message}
                type="text"
                inputMode="numeric"
                placeholder={t(typed.placeholder)}
                registered={groupedAsTyped(register(typed.name, { validate: depositAmountCheck(t) }))}
              />
            ) : (
              <InputField
                id={typed.id}
                label={t(typed.label)}
                error={errors.depositPercent?.message}
                type="text"
                inputMode="numeric"
                placeholder={t(typed.placeholder)}
                registered={register(typed.name, { validate: depositPercentCheck(t, locale) })}
              />
            )}
          </div>
        )}
        <p id="product-deposit-hint" className="mt-3 text-sm text-stone-600">
          {t('depositHint')}
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

/** District and area: the listing's meeting place, "Mirpur 10, Dhaka". */
export function WhereFields({
  kit: { errors, register, fixed, t },
  listingFields,
  editing,
}: {
  kit: FieldKit;
  listingFields?: ListingFields | undefined;
  editing?: Listing | undefined;
}) {
  // A listing posted before districts were asked may go on without one.
  const required = (message: string) => (fixed ? () => true : filled(message));
  return (
    <>
      <FormField id="product-district" label={t('district')} error={errors.district?.message}>
        <select
          {...describedBy('product-district', errors.district?.message)}
          {...register('district', { validate: required(t('districtRequired')) })}
        >
          <option value="">{t('selectDistrict')}</option>
          {districtsOf(listingFields, editing).map((district) => (
            <option key={district} value={district}>
              {district}
            </option>
          ))}
        </select>
      </FormField>
      <InputField
        id="product-area"
        label={t('area')}
        error={errors.area?.message}
        type="text"
        maxLength={80}
        placeholder={t('areaPlaceholder')}
        hint={t('areaHint')}
        registered={register('area', { validate: required(t('areaRequired')) })}
      />
    </>
  );
}

/** The number buyers call and when they see it, and the seller's own words. */
export function DescriptionFields({ kit: { errors, text, register, t } }: { kit: FieldKit }) {
  return (
    <>
      <InputField
        id="product-seller-phone"
        label={t('sellerPhone')}
        error={errors.sellerPhone?.message}
        type="tel"
        autoComplete="tel"
        placeholder={PHONE_PLACEHOLDER}
        registered={text('sellerPhone')}
      />
      <ContactTermsFields register={register} t={t} />
      <div className="md:col-span-2">
        <FormField id="product-description" label={t('description')} error={errors.description?.message}>
          <textarea
            rows={5}
            placeholder={t('descriptionPlaceholder')}
            {...describedBy('product-description', errors.description?.message)}
            {...text('description', t('descriptionRequired'))}
          />
        </FormField>
      </div>
    </>
  );
}

/**
 * One labelled text input with its message, registered with the form; a `hint` stands
 * under it and describes it beside the message. A `live` hint changes as the seller
 * types (the amount a price field read, the name buyers will see), so it is there from
 * the start, empty, and said politely as it changes.
 */
function InputField({
  id,
  label,
  error,
  registered,
  hint,
  live = false,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error: string | undefined;
  registered: Registered;
  hint?: ReactNode;
  live?: boolean;
}) {
  const hinted = hint !== undefined || live;
  // An empty live hint describes nothing yet.
  const saying = hint !== undefined && hint !== null && hint !== false && hint !== '';
  return (
    <FormField id={id} label={label} error={error}>
      <FieldInput
        id={id}
        error={error}
        {...(saying ? { 'aria-describedby': `${errorId(id)} ${hintId(id)}` } : {})}
        {...input}
        {...registered}
      />
      {hinted && (
        <p id={hintId(id)} aria-live={live ? 'polite' : undefined} className="mt-1 text-xs text-stone-600 empty:hidden">
          {hint}
        </p>
      )}
    </FormField>
  );
}

function hintId(id: string): string {
  return `${id}-hint`;
}

