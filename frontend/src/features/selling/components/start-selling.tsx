// "Sell your bike" for a buyer: one tap makes their account a seller's too, and the page
// becomes the listing form. Nothing of theirs changes but what they may do.
import { useMutation } from '@tanstack/react-query';
import { sellingMessages } from '@/features/selling/selling.messages.ts';
import { startSellingMutation } from '@/features/selling/api/start-selling.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { SellingCard } from './selling-card.tsx';

const starting = startSellingMutation();

export function StartSelling({ onStarted }: { onStarted: () => void }) {
  const t = useT(sellingMessages);
  const start = useMutation(starting);
  return (
    <SellingCard id="start-selling-title" title={t('startTitle')}>
      <p className="mt-2 max-w-prose text-stone-700">{t('startIntro')}</p>
      <button
        type="button"
        disabled={start.isPending}
        onClick={() => {
          start.mutate(undefined, { onSuccess: onStarted });
        }}
        className="mt-5 min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {t('startSelling')}
      </button>
      {start.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {start.error.message || t('startFailed')}
        </p>
      )}
    </SellingCard>
  );
}
