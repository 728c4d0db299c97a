// The page's language as React context, apart from its provider so both stay
// fast-refresh friendly. `useT(catalog)` gives a component its texts in that language.
import { createContext, useCallback, useContext } from 'react';
import { translate, type Catalog, type Values } from './catalog.ts';
import type { Locale } from './locale.ts';

export interface LanguageValue {
  locale: Locale;
  /** Switches the page, keeps the choice on this device and, signed in, on the account. */
  setLocale: (locale: Locale) => void;
}

/** English and a no-op switch: what a component sees outside a provider (unit tests). */
const ENGLISH: LanguageValue = { locale: 'en', setLocale: () => undefined };

export const LanguageContext = createContext<LanguageValue>(ENGLISH);

export function useLanguage(): LanguageValue {
  return useContext(LanguageContext);
}

/** `t(key, values)`: the text of `key` from `catalog` in the page's language. */
export function useT<K extends string>(catalog: Catalog<K>): (key: K, values?: Values) => string {
  const { locale } = useLanguage();
  return useCallback((key: K, values?: Values) => translate(catalog, locale, key, values), [catalog, locale]);
}
