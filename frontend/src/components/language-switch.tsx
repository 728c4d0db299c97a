// The top bar's language switch: names the other language in that language ("বাংলা" on an
// English page, "English" on a Bangla one), so a reader who cannot read the page can
// still find it.
import { useLanguage } from '@/lib/i18n/language-context.ts';
import type { Locale } from '@/lib/i18n/locale.ts';

/** Each language by its own name. */
const NAMES: Record<Locale, string> = { en: 'English', bn: 'বাংলা' };

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { locale, setLocale } = useLanguage();
  const other = locale === 'bn' ? 'en' : 'bn';
  return (
    <button
      type="button"
      lang={other}
      onClick={() => {
        setLocale(other);
      }}
      className={`min-h-10 rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100 ${className}`}
    >
      {NAMES[other]}
    </button>
  );
}
