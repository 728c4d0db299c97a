// What the seller's listing form holds and checks: its fields as typed, the limits and
// messages of what buyers filter on and of the ways to pay and the deposit (like the
// server's), and the pieces its sections share to register a field.
//
// The form asks each thing once. A listing's name is its brand and model ("Bajaj" and
// "Pulsar N160" make "Bajaj Pulsar N160"), its meeting place its area and district
// ("Mirpur 10, Dhaka"), and its purchase year and years of use its registration year:
// the fields the listing keeps are filled from those (`listingName`, `meetingPlace`,
// `yearsOfUseSince`).
import type { Control, FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { errorId, inputLook } from '@/components/form-field.tsx';
import type { Values } from '@/lib/i18n/catalog.ts';
import type { Locale } from '@/lib/i18n/locale.ts';
import { localDigits, parseAmount, parseWholeNumber, toLatinDigits } from '@/lib/i18n/numbers.ts';
import type { sellingMessages } from '@/features/selling/selling.messages.ts';
import type { ListingFields, Listing } from '@/lib/api/types.ts';
import type { components } from '@/lib/api/schema.d.ts';

export interface ListingEditorFields {
  categoryId: string;
  brand: string;
  model: string;
  engineCc: string;
  kmDriven: string;
  registrationYear: string;
  district: string;
  area: string;
  resalePrice: string;
  originalPrice: string;
  condition: string;
  color: string;
  sellerPhone: string;
  description: string;
  /** The ways to pay the listing takes, as ticked. */
  paymentMethods: PayWay[];
  /** No deposit, a fixed amount or a share of the price; the amount or share as typed. */
  deposit: DepositKind;
  depositAmount: string;
  depositPercent: string;
  /** Buyers may offer less than the asking price; unticked, the price is fixed. */
  negotiable: boolean;
  /** Buyers see the phone only once the seller shares it in a conversation. */
  phoneInConversation: boolean;
  /** The phone takes WhatsApp: buyers who see it may chat there. */
  onWhatsapp: boolean;
}

/** The ways a listing may be paid for, in the order they show. */
export const PAY_WAYS = ['cash', 'card', 'bkash'] as const;
export type PayWay = (typeof PAY_WAYS)[number];

/** What a seller may ask to reserve the bike: a fixed amount in taka or a share of the price; null for none. */
export type Deposit = components['schemas']['DepositView'] | null;

const isPayWay = (way: string): way is PayWay => (PAY_WAYS as readonly string[]).includes(way);

export type DepositKind = 'none' | 'amount' | 'percent';

/** The fields of the form that hold text (every one but the ways to pay and the boxes). */
export type TextName = {
  [K in keyof ListingEditorFields]: ListingEditorFields[K] extends string ? K : never;
}[keyof ListingEditorFields];

/** Field messages from the server, by field name. */
export type FieldMessages = Record<string, string>;

/** The fields of a listing as a number, or null when not given. */
export function asWhole(text: string): number | null {
  const digits = text.replace(/,/g, '').trim();
  return digits === '' ? null : Number(digits);
}

export const MIN_CC = 50;
export const MAX_CC = 2000;
export const MAX_KM = 1_000_000;
export const MIN_REGISTRATION_YEAR = 1980;

/** The form's texts in the page's language: `t(key, values)` of the seller's catalog. */
export type Say = (key: keyof (typeof sellingMessages)['en'], values?: Values) => string;

/**
 * A whole number as typed, in Latin or Bengali digits: commas anywhere ("14,500", "১৪,৫০০"),
 * or spaces and commas grouping as `parseWholeNumber` reads them ("12 000"); null for
 * anything else.
 */
export function readWhole(text: string): number | null {
  if (!text) return null;
  const digits = toLatinDigits(text).replace(/,/g, '').trim();
  if (/^\d+$/.test(digits)) return Number(digits);
  return parseWholeNumber(text);
}

/** A whole number from `min` to `max` (commas allowed, "14,500", "১৪,৫০০"); `missing` when required and empty. */
export const whole =
  (min: number, max: number, outside: string, missing?: string) =>
  (value: string): true | string => {
    if (value.trim() === '') return missing ?? true;
    const number = readWhole(value);
    return (number !== null && number >= min && number <= max) || outside;
  };

/** A price as typed ("1,85,000", "2 lakh", "১.৫ লাখ", "2L") in taka; null when not readable. */
export function readAmount(text: string): number | null {
  if (!text) return null;
  return parseAmount(text)?.value ?? null;
}

/**
 * The fields as the server takes them: prices and the deposit as plain numbers ("2 lakh" →
 * "200000"), whole numbers in Latin digits without grouping ("১৪,৫০০" → "14500"), the
 * phone in Latin digits as typed otherwise. What cannot be read is sent as typed, for the
 * server to say what is wrong with it.
 */
export function plainFields(fields: ListingEditorFields): ListingEditorFields {
  const amount = (text: string) => {
    const value = readAmount(text);
    return value === null ? text : String(value);
  };
  const number = (text: string) => {
    const value = readWhole(text);
    return value === null ? text : String(value);
  };
  return {
    ...fields,
    resalePrice: amount(fields.resalePrice),
    originalPrice: amount(fields.originalPrice),
    depositAmount: amount(fields.depositAmount),
    engineCc: number(fields.engineCc),
    kmDriven: number(fields.kmDriven),
    registrationYear: number(fields.registrationYear),
    depositPercent: number(fields.depositPercent),
    sellerPhone: fields.sellerPhone && toLatinDigits(fields.sellerPhone),
  };
}

export const FIELD_NAMES: ReadonlySet<string> = new Set<keyof ListingEditorFields>([
  'categoryId',
  'brand',
  'model',
  'engineCc',
  'kmDriven',
  'registrationYear',
  'district',
  'area',
  'resalePrice',
  'originalPrice',
  'condition',
  'color',
  'sellerPhone',
  'description',
  'paymentMethods',
  'deposit',
  'negotiable',
  'phoneInConversation',
  'onWhatsapp',
]);

/**
 * The field of the form a server's message about a listing field belongs beside: those
 * the form fills for the seller show at the field they come from.
 */
export function fieldOfServer(name: string): keyof ListingEditorFields | undefined {
  const filledFrom: Record<string, keyof ListingEditorFields> = {
    productName: 'model',
    purchaseYear: 'registrationYear',
    yearsOfUse: 'registrationYear',
    location: 'area',
  };
  const field = filledFrom[name] ?? name;
  return FIELD_NAMES.has(field) ? (field as keyof ListingEditorFields) : undefined;
}

/**
 * A listing's name from its brand and model: "Bajaj" and "Pulsar N160" make "Bajaj Pulsar
 * N160"; a model that already starts with the brand ("Yamaha R15") is the name as it is.
 */
export function listingName(brand: string, model: string): string {
  const make = brand.trim();
  const named = model.trim().replace(/\s+/g, ' ');
  if (make === '') return named;
  const lower = named.toLowerCase();
  const makeLower = make.toLowerCase();
  return lower === makeLower || lower.startsWith(`${makeLower} `) ? named : `${make} ${named}`.trim();
}

/** Where buyers meet the seller, as a listing says it: "Mirpur 10, Dhaka", or the district alone. */
export function meetingPlace(area: string, district: string): string {
  return [area.trim().replace(/\s+/g, ' '), district.trim()].filter(Boolean).join(', ');
}

/** The years a bike registered in `year` has been in use by `now`'s year (0 in its first year). */
export function yearsOfUseSince(year: number, now: Date = new Date()): number {
  return Math.max(0, now.getFullYear() - year);
}

export const filled = (message: string) => (value: string) => value.trim() !== '' || message;

/** A listing's fields as the form holds them (text, as typed). */
export function asTyped(listing: Listing): Partial<ListingEditorFields> {
  return {
    categoryId: listing.categoryId,
    brand: listing.brand ?? '',
    model: listing.model ?? '',
    engineCc: listing.engineCc == null ? '' : String(listing.engineCc),
    kmDriven: listing.kmDriven == null ? '' : String(listing.kmDriven),
    registrationYear: listing.registrationYear == null ? '' : String(listing.registrationYear),
    district: listing.district ?? '',
    area: listing.area ?? '',
    resalePrice: String(listing.resalePrice),
    originalPrice: String(listing.originalPrice),
    condition: listing.condition,
    color: listing.color,
    sellerPhone: listing.sellerPhone ?? '',
    description: listing.description,
    negotiable: listing.negotiable,
    phoneInConversation: listing.phoneInConversation,
    onWhatsapp: listing.onWhatsapp,
    ...payTermsOf(listing),
  };
}

/** The ways to pay and the deposit a new listing starts with: every way, no deposit. */
export const OPEN_TERMS: Pick<ListingEditorFields, 'paymentMethods' | 'deposit' | 'depositAmount' | 'depositPercent'> =
  { paymentMethods: [...PAY_WAYS], deposit: 'none', depositAmount: '', depositPercent: '' };

/**
 * A listing's ways to pay and deposit as the form holds them; one that names none (kept
 * from before sellers chose) takes every way, as the server reads it.
 */
function payTermsOf(listing: Listing): typeof OPEN_TERMS {
  const listed = ((listing.paymentMethods as string[] | undefined) ?? []).filter(isPayWay);
  const paymentMethods = listed.length > 0 ? listed : [...PAY_WAYS];
  const { amount, percent } = listing.deposit ?? {};
  if (amount != null) return { ...OPEN_TERMS, paymentMethods, deposit: 'amount', depositAmount: String(amount) };
  if (percent != null) return { ...OPEN_TERMS, paymentMethods, deposit: 'percent', depositPercent: String(percent) };
  return { ...OPEN_TERMS, paymentMethods };
}

/** The deposit as the server takes it: null for none, else the amount or share typed. */
export function depositOf(fields: Pick<ListingEditorFields, 'deposit' | 'depositAmount' | 'depositPercent'>): Deposit {
  if (fields.deposit === 'amount') return { amount: asWhole(fields.depositAmount) ?? 0 };
  if (fields.deposit === 'percent') return { percent: asWhole(fields.depositPercent) ?? 0 };
  return null;
}

export const MAX_DEPOSIT_PERCENT = 90;

/** At least one way to pay is ticked. */
export const someWay =
  (say: Say) =>
  (ways: PayWay[]): true | string =>
    ways.length > 0 || say('noWayToPay');

/**
 * A fixed deposit: whole taka above 0 ("20,000", "২০ হাজার", "20k") and below the asking
 * price (when that can be read).
 */
export const depositAmountCheck =
  (say: Say) =>
  (value: string, fields: ListingEditorFields): true | string => {
    if (fields.deposit !== 'amount') return true;
    const amount = readAmount(value);
    if (amount === null || !Number.isInteger(amount) || amount <= 0) return say('depositAmountInvalid');
    const price = readAmount(fields.resalePrice);
    return price === null || amount < price || say('depositAmountInvalid');
  };

/** A share of the price: a whole percent from 1 to 90. */
export const depositPercentCheck =
  (say: Say, locale: Locale) =>
  (value: string, fields: ListingEditorFields): true | string => {
    if (fields.deposit !== 'percent') return true;
    const message = say('depositPercentInvalid', { max: localDigits(String(MAX_DEPOSIT_PERCENT), locale) });
    return whole(1, MAX_DEPOSIT_PERCENT, message, message)(value);
  };

/** A deposit is held by card or bKash, so one of them must be taken. */
export const depositHeldCheck =
  (say: Say) =>
  (kind: DepositKind, fields: ListingEditorFields): true | string =>
    kind === 'none' || fields.paymentMethods.some((way) => way !== 'cash') || say('depositHeld');

/** The districts to choose from: the listing's own stays there while the list loads. */
export function districtsOf(fields: ListingFields | undefined, editing: Listing | undefined): readonly string[] {
  const listed = fields?.districts ?? [];
  const own = editing?.district;
  return own && !listed.includes(own) ? [own, ...listed] : listed;
}

/** Select and textarea share the inputs' look and the way they point at their message. */
export function describedBy(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': errorId(id), className: inputLook };
}

/** A field's registration, read-only when it shows what the bike is while editing. */
export type Registered = UseFormRegisterReturn | (UseFormRegisterReturn & { readOnly: true; 'aria-readonly': true });

/** What every section of the form needs to register its fields and show their messages. */
export interface FieldKit {
  errors: FieldErrors<ListingEditorFields>;
  control: Control<ListingEditorFields>;
  /** The texts, and the language numbers are written in. */
  t: Say;
  locale: Locale;
  register: UseFormRegister<ListingEditorFields>;
  /** A required text field; `message` when it is left empty. */
  text: (name: TextName, message?: string) => UseFormRegisterReturn;
  /** What the bike is: required when adding, read-only when editing. */
  posted: (name: TextName, message?: string) => Registered;
  /** A whole number checked by `check` (engine size and year read-only when editing). */
  number: (name: TextName, check: (value: string) => true | string) => Registered;
  /** Editing an existing listing: what the bike is stays as posted. */
  fixed: boolean;
}
