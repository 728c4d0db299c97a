// The search's filters: category, brands, engine size, price in taka, registration
// year, kilometres, district, condition, verified sellers, sold bikes. Each applies as
// soon as it is set; a filter the server refused shows its message beside it.
import { useId, type ReactNode } from 'react';
import { inputLook } from '@/components/form-field.tsx';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { CONDITIONS, conditionWord } from '@/lib/listing-condition.ts';
import type { Locale } from '@/lib/i18n/locale.ts';
import { formatNumber, localDigits, parseAmount, toLatinDigits } from '@/lib/i18n/numbers.ts';
import type { ListingFilters } from '@/lib/search/listing-filters.ts';
import { useCategoryOptions } from '@/lib/api/get-category-options.ts';
import { useListingFields } from '@/lib/api/get-listing-fields.ts';
import { useTypedFilter, type SetFilterOptions } from '@/features/search/hooks/use-search-filters.ts';
import { searchFiltersMessages } from './search-filters.messages.ts';

/** Engine sizes bikes in Bangladesh come in. */
const CC_STEPS = [50, 80, 100, 110, 125, 150, 160, 200, 250, 300, 400, 650, 1000];
/** Kilometre limits a buyer thinks in. */
const KM_STEPS = [5_000, 10_000, 20_000, 30_000, 50_000, 75_000, 100_000, 150_000];
const OLDEST_YEAR = 1990;
/** The taka sign before a price field, the same in both languages. */
const TAKA_SIGN = '৳';
/** Before the amount a price field understood ("= ৳2,00,000"), the same in both languages. */
const EQUALS = '=';

const grouped = new Intl.NumberFormat('en-IN');

/** "250000" → "2,50,000": taka as Bangladesh writes them. */
export function groupTaka(digits: string): string {
  // Anything else (an address typed by hand) shows as it is, beside the server's message.
  return /^\d+$/.test(digits) ? grouped.format(Number(digits)) : digits;
}

/**
 * Digits alone, Latin or Bengali, with commas anywhere: "2,50,000", "২৫০০০০" → "250000".
 * Not "2 " (a space may be the start of "2 lakh").
 */
function bareDigits(typed: string): string | null {
  const digits = toLatinDigits(typed).replace(/,/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/**
 * A price filter as typed, as the field shows it: digits grouped in lakhs as they are
 * typed ("2,50,000", "২,৫০,০০০"), anything else ("2 lakh") as it is.
 */
export function shownTaka(typed: string, locale: Locale): string {
  const digits = bareDigits(typed);
  return digits === null ? typed : localDigits(groupTaka(digits), locale);
}

/**
 * The taka a price filter sends for what was typed: digits as they are ("250000"), or
 * what `parseAmount` reads ("২ লাখ" → "200000"); '' for nothing, null for what it cannot read.
 */
export function takaOfTyped(typed: string): string | null {
  if (typed.trim() === '') return '';
  const digits = bareDigits(typed.trim());
  if (digits !== null) return digits;
  const amount = parseAmount(typed);
  return amount === null ? null : String(amount.value);
}

export type SetFilters = (changes: Partial<ListingFilters>, options?: SetFilterOptions) => void;

const selectLook = `${inputLook} pr-8`;

export function SearchFilters({
  filters,
  setFilters,
  errors,
}: {
  filters: ListingFilters;
  setFilters: SetFilters;
  /** The server's message for each filter it refused. */
  errors: Partial<Record<string, string>>;
}) {
  const t = useT(searchFiltersMessages);
  const { locale } = useLanguage();
  const categories = useCategoryOptions().data ?? [];
  const fields = useListingFields().data;
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - OLDEST_YEAR + 1 }, (_, i) => thisYear - i);

  return (
    <div className="space-y-5">
      <Field label={t('category')} error={errors.category}>
        {(id, described) => (
          <ChoiceSelectInput
            id={id}
            described={described}
            anyLabel={t('anyCategory')}
            options={categories.map((category) => ({ value: category._id, label: category.categoryName }))}
            value={filters.category}
            onChange={(value) => {
              setFilters({ category: value });
            }}
          />
        )}
      </Field>

      <BrandChips
        brands={fields?.brands ?? filters.brand}
        chosen={filters.brand}
        error={errors.brand}
        onChange={(brand) => {
          setFilters({ brand });
        }}
      />

      <StepRange
        legend={t('engineSize')}
        labels={[t('lowestCc'), t('highestCc')]}
        anyLabel={t('any')}
        steps={CC_STEPS}
        format={(cc) => t('ccOption', { cc: localDigits(String(cc), locale) })}
        values={[filters.ccMin, filters.ccMax]}
        errors={[errors.ccMin, errors.ccMax]}
        onChange={(end, cc) => {
          setFilters(end === 'low' ? { ccMin: cc } : { ccMax: cc });
        }}
      />

      <Range legend={t('price')} errors={[errors.priceMin, errors.priceMax]}>
        <TakaInput
          label={t('lowestPrice')}
          placeholder={t('min')}
          value={filters.priceMin}
          error={errors.priceMin}
          onCommit={(priceMin, options) => {
            setFilters({ priceMin }, options);
          }}
        />
        <TakaInput
          label={t('highestPrice')}
          placeholder={t('max')}
          value={filters.priceMax}
          error={errors.priceMax}
          onCommit={(priceMax, options) => {
            setFilters({ priceMax }, options);
          }}
        />
      </Range>

      <StepRange
        legend={t('registrationYear')}
        labels={[t('fromYear'), t('toYear')]}
        anyLabel={t('any')}
        steps={years}
        format={(year) => localDigits(String(year), locale)}
        values={[filters.yearMin, filters.yearMax]}
        errors={[errors.yearMin, errors.yearMax]}
        onChange={(end, year) => {
          setFilters(end === 'low' ? { yearMin: year } : { yearMax: year });
        }}
      />

      <Field label={t('kmDriven')} error={errors.kmMax}>
        {(id, described) => (
          <StepSelectInput
            id={id}
            described={described}
            anyLabel={t('any')}
            steps={KM_STEPS}
            value={filters.kmMax}
            format={(km) => t('kmOption', { km: formatNumber(km, locale) })}
            onChange={(kmMax) => {
              setFilters({ kmMax });
            }}
          />
        )}
      </Field>

      <Field label={t('district')} error={errors.district}>
        {(id, described) => (
          <ChoiceSelectInput
            id={id}
            described={described}
            anyLabel={t('allOfBangladesh')}
            options={(fields?.districts ?? []).map((district) => ({ value: district, label: district }))}
            value={filters.district}
            onChange={(value) => {
              setFilters({ district: value });
            }}
          />
        )}
      </Field>

      <Field label={t('condition')} error={errors.condition}>
        {(id, described) => (
          <ChoiceSelectInput
            id={id}
            described={described}
            anyLabel={t('anyCondition')}
            options={CONDITIONS.map((condition) => ({ value: condition, label: conditionWord(condition, locale) }))}
            value={filters.condition}
            onChange={(value) => {
              setFilters({ condition: value });
            }}
          />
        )}
      </Field>

      <div className="space-y-3">
        <Toggle
          label={t('verifiedOnly')}
          checked={filters.verified}
          error={errors.verified}
          onChange={(verified) => {
            setFilters({ verified });
          }}
        />
        <Toggle
          label={t('showSold')}
          checked={filters.sold}
          error={errors.sold}
          onChange={(sold) => {
            setFilters({ sold });
          }}
        />
      </div>
    </div>
  );
}

/** Brands as chips a thumb can press, several at once. */
function BrandChips({
  brands,
  chosen,
  error,
  onChange,
}: {
  brands: readonly string[];
  chosen: readonly string[];
  error: string | undefined;
  onChange: (chosen: string[]) => void;
}) {
  const t = useT(searchFiltersMessages);
  return (
    <fieldset aria-describedby={error ? 'filter-brand-error' : undefined}>
      <legend className="text-sm font-medium text-stone-800">{t('brand')}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {brands.map((brand) => {
          const on = chosen.includes(brand);
          return (
            <button
              key={brand}
              type="button"
              aria-pressed={on}
              onClick={() => {
                onChange(on ? chosen.filter((b) => b !== brand) : [...chosen, brand]);
              }}
              className={`min-h-10 rounded-full border px-3 text-sm font-medium ${
                on ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50'
              }`}
            >
              {brand}
            </button>
          );
        })}
      </div>
      <FieldError id="filter-brand-error" message={error} />
    </fieldset>
  );
}

/** A lowest and a highest value, each picked from `steps` (or any). */
function StepRange({
  legend,
  labels,
  anyLabel,
  steps,
  format,
  values,
  errors,
  onChange,
}: {
  legend: string;
  labels: readonly [string, string];
  /** What the first option, no limit, is called. */
  anyLabel: string;
  steps: number[];
  format: (step: number) => string;
  values: readonly [string, string];
  errors: readonly [string | undefined, string | undefined];
  /** One end changed. */
  onChange: (end: 'low' | 'high', value: string) => void;
}) {
  return (
    <Range legend={legend} errors={[errors[0], errors[1]]}>
      <StepSelect
        label={labels[0]}
        anyLabel={anyLabel}
        steps={steps}
        value={values[0]}
        error={errors[0]}
        format={format}
        onChange={(low) => {
          onChange('low', low);
        }}
      />
      <StepSelect
        label={labels[1]}
        anyLabel={anyLabel}
        steps={steps}
        value={values[1]}
        error={errors[1]}
        format={format}
        onChange={(high) => {
          onChange('high', high);
        }}
      />
    </Range>
  );
}

/** The options, with the address's value among them even when it is not one of them. */
function withCurrent(options: { value: string; label: string }[], current: string) {
  if (!current || options.some((option) => option.value === current)) return options;
  return [...options, { value: current, label: current }];
}

type Described = { 'aria-invalid'?: true; 'aria-describedby'?: string };

function describedBy(id: string, error: string | undefined): Described {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-600">
      {message}
    </p>
  );
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (id: string, described: Described) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children(id, describedBy(id, error))}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Two fields side by side, their messages beneath both. */
function Range({
  legend,
  errors,
  children,
}: {
  legend: string;
  errors: (string | undefined)[];
  children: ReactNode;
}) {
  const id = useId();
  const messages = [...new Set(errors.filter((e): e is string => Boolean(e)))];
  return (
    <fieldset aria-describedby={messages.length > 0 ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="grid grid-cols-2 gap-3">{children}</div>
      <FieldError id={`${id}-error`} message={messages.join(' ') || undefined} />
    </fieldset>
  );
}

function StepSelect({
  label,
  error,
  ...rest
}: {
  label: string;
  anyLabel: string;
  steps: number[];
  value: string;
  error: string | undefined;
  format: (step: number) => string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <StepSelectInput id={id} described={error ? { 'aria-invalid': true } : {}} {...rest} />
    </div>
  );
}

function StepSelectInput({
  steps,
  format,
  ...rest
}: {
  id: string;
  described: Described;
  anyLabel: string;
  steps: number[];
  value: string;
  format: (step: number) => string;
  onChange: (value: string) => void;
}) {
  const { locale } = useLanguage();
  const options = steps.map((step) => ({ value: String(step), label: format(step) }));
  // A number set by hand in the address, not one of the steps: listed as it is, in the page's digits.
  if (/^\d+$/.test(rest.value) && !options.some((option) => option.value === rest.value)) {
    options.push({ value: rest.value, label: localDigits(rest.value, locale) });
  }
  return <ChoiceSelectInput options={options} {...rest} />;
}

/** A select of `options` after "any"; a value set by hand in the address stays listed. */
function ChoiceSelectInput({
  id,
  described,
  anyLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  described: Described;
  anyLabel: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <select
      id={id}
      {...described}
      className={selectLook}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    >
      <option value="">{anyLabel}</option>
      {withCurrent(options, value).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * Taka typed as people write them: digits shown with lakh grouping as they are typed
 * ("2,50,000"), or "2 lakh", "2L", "১.৫ লাখ", "৳2,50,000" with the amount understood said
 * under the field ("= ৳2,00,000"). The filter gets the plain number; what cannot be read
 * is said under the field and not sent.
 */
function TakaInput({
  label,
  placeholder,
  value,
  error,
  onCommit,
}: {
  label: string;
  placeholder: string;
  value: string;
  error: string | undefined;
  onCommit: (value: string, options: SetFilterOptions) => void;
}) {
  const id = useId();
  const t = useT(searchFiltersMessages);
  const { locale } = useLanguage();
  const typed = useTypedFilter(value, onCommit, takaOfTyped);
  const amount = bareDigits(typed.draft) === null ? parseAmount(typed.draft, locale) : null;
  const invalid = Boolean(error) || typed.refused;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 mt-0.75 -translate-y-1/2 text-stone-500">
          {TAKA_SIGN}
        </span>
        <input
          id={id}
          autoComplete="off"
          placeholder={placeholder}
          {...(invalid ? { 'aria-invalid': true } : {})}
          aria-describedby={typed.refused ? `${id}-unread` : `${id}-understood`}
          className={`${inputLook} pl-7`}
          value={shownTaka(typed.draft, locale)}
          onChange={(event) => {
            typed.onChange(event.target.value);
          }}
          onBlur={typed.endTyping}
        />
      </div>
      <p id={`${id}-understood`} aria-live="polite" className="mt-1 text-xs text-stone-600 empty:hidden">
        {amount && !typed.refused && (
          <>
            {EQUALS} {amount.understood}
          </>
        )}
      </p>
      <FieldError id={`${id}-unread`} message={typed.refused ? t('priceUnreadable') : undefined} />
    </div>
  );
}

function Toggle({
  label,
  checked,
  error,
  onChange,
}: {
  label: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium text-stone-800">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={checked}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
        />
        {label}
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
