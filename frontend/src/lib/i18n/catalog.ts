// Texts in both languages, kept beside the code that shows them: a `*.messages.ts` file
// defines one catalog with `defineCatalog(en, bn)`. English is the source and keeps the
// spec's exact words; the type makes every English key need its Bangla. Messages are
// ICU MessageFormat (FormatJS's `intl-messageformat`): `{name}` arguments, and
// `{count, plural, one {# bike} other {# bikes}}` with each language's plural rules.
import { IntlMessageFormat } from 'intl-messageformat';
import { languageTag, type Locale } from './locale.ts';

export type Messages = Readonly<Record<string, string>>;

/** One area's texts: each key in English and in Bangla. */
export interface Catalog<K extends string = string> {
  readonly en: Readonly<Record<K, string>>;
  readonly bn: Readonly<Record<K, string>>;
}

export function defineCatalog<const E extends Messages>(
  en: E,
  bn: Readonly<Record<keyof E & string, string>>,
): Catalog<keyof E & string> {
  return { en, bn };
}

/** What a message's arguments may be. */
export type Values = Record<string, string | number | Date>;

const compiled = new Map<string, IntlMessageFormat>();

/** `message` in `locale` with `values` filled in; compiled once and kept. */
export function formatMessage(message: string, locale: Locale, values?: Values): string {
  const key = `${locale}\u0000${message}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(message, languageTag(locale));
    compiled.set(key, format);
  }
  return String(format.format(values));
}

/** The text of `key` from `catalog` in `locale`. */
export function translate<K extends string>(catalog: Catalog<K>, locale: Locale, key: K, values?: Values): string {
  return formatMessage(catalog[locale][key], locale, values);
}

/** Whether `code` (from the server, so any value) is one of `catalog`'s keys. */
export function isKeyOf<K extends string>(catalog: Catalog<K>, code: unknown): code is K {
  return typeof code === 'string' && Object.hasOwn(catalog.en, code);
}

/**
 * A text the server sent in English beside its stable code: that English on an English
 * page, and for a code this page does not know yet (a newer server); else the catalog's
 * words for the code in `locale`.
 */
export function sayByCode<K extends string>(
  catalog: Catalog<K>,
  locale: Locale,
  code: unknown,
  english: string,
  values?: Values,
): string {
  return locale !== 'en' && isKeyOf(catalog, code) ? translate(catalog, locale, code, values) : english;
}
