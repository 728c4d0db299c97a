// Which language the page opens in: the account's (once signed in), else the one chosen
// on this device, else the browser's own. The device's choice is kept in localStorage.
import type { Locale } from './numbers.ts';

export type { Locale } from './numbers.ts';

/** The marketplace's languages, English first (the default). */
export const LOCALES: readonly Locale[] = ['en', 'bn'];

const DEVICE_KEY = 'language';

/** `value` when it names one of the marketplace's languages. */
export function asLocale(value: unknown): Locale | null {
  return value === 'en' || value === 'bn' ? value : null;
}

/** The language chosen on this device, if any. */
export function deviceLocale(): Locale | null {
  try {
    return asLocale(localStorage.getItem(DEVICE_KEY));
  } catch {
    return null;
  }
}

/** Keeps `locale` as this device's choice. */
export function keepDeviceLocale(locale: Locale): void {
  try {
    localStorage.setItem(DEVICE_KEY, locale);
  } catch {
    // Storage refused (private mode, full): the choice lasts this page only.
  }
}

/** Bangla when the browser puts a Bangla variant before English, else English. */
export function browserLocale(languages: readonly string[] = navigator.languages): Locale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split('-')[0];
    if (language === 'bn') return 'bn';
    if (language === 'en') return 'en';
  }
  return 'en';
}

/** The language a page opens in before anyone has signed in. */
export function initialLocale(): Locale {
  return deviceLocale() ?? browserLocale();
}

/** The BCP 47 tag `Intl` and `<html lang>` are given for `locale`. */
export function languageTag(locale: Locale): string {
  return locale === 'bn' ? 'bn-BD' : 'en';
}

let pageLocale: Locale = 'en';

/** The language the page shows now; its requests say it in `Accept-Language`. */
export function currentLocale(): Locale {
  return pageLocale;
}

/** Called by the language provider whenever the page's language changes. */
export function noteLocale(locale: Locale): void {
  pageLocale = locale;
}

/**
 * `Accept-Language` for requests made from a page in `locale`: mails the server writes
 * to an address with no account yet (confirming it, choosing a new password) follow it.
 */
export function acceptLanguage(locale: Locale): string {
  return locale === 'bn' ? 'bn-BD, bn;q=0.9, en;q=0.5' : 'en';
}
