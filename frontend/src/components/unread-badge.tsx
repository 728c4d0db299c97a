// The count of unread messages, on an inbox row, the dashboard's Messages link and a
// seller's bike's Messages.
import { useLanguage } from '@/lib/i18n/language-context.ts';
import { formatNumber, localDigits } from '@/lib/i18n/numbers.ts';

/** How many messages wait to be read, as a small round badge. */
export function UnreadBadge({ count }: { count: number }) {
  const { locale } = useLanguage();
  return (
    <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white">
      {count > 99 ? localDigits('99+', locale) : formatNumber(count, locale)}
    </span>
  );
}
