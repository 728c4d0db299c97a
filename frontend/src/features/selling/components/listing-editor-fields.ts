// What the seller's listing form holds and checks: its fields as typed, the limits and
// messages of what buyers filter on (like the server's), and the pieces its sections
// share to register a field.
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { errorId, inputLook } from '@/components/form-field.tsx';
import type { ListingFields, Listing } from '@/lib/api/types.ts';

export interface ListingEditorFields {
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

export const MIN_CC = 50;
export const MAX_CC = 2000;
export const MAX_KM = 1_000_000;
export const MIN_REGISTRATION_YEAR = 1980;

/** A whole number from `min` to `max` (commas allowed, "14,500"); `missing` when required and empty. */
export const whole =
  (min: number, max: number, outside: string, missing?: string) =>
  (value: string): true | string => {
    const digits = value.replace(/,/g, '').trim();
    if (digits === '') return missing ?? true;
    return (/^\d+$/.test(digits) && Number(digits) >= min && Number(digits) <= max) || outside;
  };

export const FIELD_NAMES: ReadonlySet<string> = new Set<keyof ListingEditorFields>([
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

export const filled = (message: string) => (value: string) => value.trim() !== '' || message;

/** A listing's fields as the form holds them (text, as typed). */
export function asTyped(listing: Listing): Partial<ListingEditorFields> {
  return {
    categoryId: listing.categoryId,
    productName: listing.productName,
    brand: listing.brand ?? '',
    model: listing.model ?? '',
    engineCc: listing.engineCc == null ? '' : String(listing.engineCc),
    kmDriven: listing.kmDriven == null ? '' : String(listing.kmDriven),
    registrationYear: listing.registrationYear == null ? '' : String(listing.registrationYear),
    district: listing.district ?? '',
    area: listing.area ?? '',
    resalePrice: String(listing.resalePrice),
    originalPrice: String(listing.originalPrice),
    purchaseYear: String(listing.purchaseYear),
    yearsOfUse: String(listing.yearsOfUse),
    condition: listing.condition,
    location: listing.location,
    color: listing.color,
    sellerPhone: listing.sellerPhone ?? '',
    description: listing.description,
  };
}

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
  register: UseFormRegister<ListingEditorFields>;
  /** A required text field; `message` when it is left empty. */
  text: (name: keyof ListingEditorFields, message?: string) => UseFormRegisterReturn;
  /** What the bike is: required when adding, read-only when editing. */
  posted: (name: keyof ListingEditorFields, message?: string) => Registered;
  /** A whole number checked by `check` (engine size and year read-only when editing). */
  number: (name: keyof ListingEditorFields, check: (value: string) => true | string) => Registered;
  /** Editing an existing listing: what the bike is stays as posted. */
  fixed: boolean;
}
