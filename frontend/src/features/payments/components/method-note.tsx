// The server's extra line beside a way of paying, when it gives one (bKash's daily top-up
// limit, say): the server's English on an English page, the page's own words by its code
// on a Bangla one (the English again for a code this page does not know yet).
import type { MethodChoice } from '@/features/payments/api/get-payment-methods.ts';
import { payNoteMessages } from '@/features/payments/payments.messages.ts';
import { sayByCode } from '@/lib/i18n/catalog.ts';
import { useLanguage } from '@/lib/i18n/language-context.ts';

export function MethodNote({ choice }: { choice: Pick<MethodChoice, 'note' | 'noteCode'> }) {
  const { locale } = useLanguage();
  const { note, noteCode } = choice;
  if (!note) return null;
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      {sayByCode(payNoteMessages, locale, noteCode, note)}
    </p>
  );
}
