// Keeps the page's language: opens in the device's choice or the browser's, takes the
// account's once signed in, and writes a change to both. `<html lang>` follows it, so
// screen readers read Bangla as Bangla and the browser picks Bangla's font and hyphens.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api } from '@/lib/api-client.ts';
import type { User } from '@/lib/api/types.ts';
import { userQueryOptions } from '@/lib/auth/get-user.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { LanguageContext, type LanguageValue } from './language-context.ts';
import { asLocale, initialLocale, keepDeviceLocale, languageTag, noteLocale, type Locale } from './locale.ts';

/** `PUT /api/users/me/language`: the account's language; answers the user as it now is. */
export function saveAccountLanguage(language: Locale): Promise<User> {
  return api<User>('/users/me/language', { method: 'PUT', json: { language } });
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const [locale, setLocaleState] = useState<Locale>(initialLocale);

  // Signing in (or a page opening signed in) takes the account's language, once per
  // account: a change made on this page afterwards is not undone by the profile's reread.
  const adopted = useRef<string | null>(null);
  const accountLocale = asLocale(user?.language);
  useEffect(() => {
    if (status !== 'signed-in' || !user || !accountLocale || adopted.current === user._id) return;
    adopted.current = user._id;
    setLocaleState(accountLocale);
    keepDeviceLocale(accountLocale);
  }, [status, user, accountLocale]);
  useEffect(() => {
    if (status === 'signed-out') adopted.current = null;
  }, [status]);

  // Requests made from now on say it too (render time, so an effect's request does).
  noteLocale(locale);
  useEffect(() => {
    document.documentElement.lang = languageTag(locale);
  }, [locale]);

  const setLocale = useCallback(
    (next: Locale) => {
      setLocaleState(next);
      noteLocale(next);
      keepDeviceLocale(next);
      if (status !== 'signed-in' || !user || user.language === next) return;
      // The page has switched already; the account follows when the server answers.
      saveAccountLanguage(next).then(
        (saved) => {
          queryClient.setQueryData(userQueryOptions(saved.email).queryKey, saved);
        },
        () => undefined,
      );
    },
    [queryClient, status, user],
  );

  const value = useMemo<LanguageValue>(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}
