import { useT } from '@/lib/i18n/language-context.ts';
import { sharedMessages } from './shared.messages.ts';

/** The loading spinner: a green dashed circle. */
export function Spinner({ label }: { label?: string }) {
  const t = useT(sharedMessages);
  return (
    <div
      role="status"
      aria-label={label ?? t('loading')}
      className="size-12 animate-spin rounded-full border-4 border-dashed border-brand-600 motion-reduce:animate-[spin_4s_linear_infinite]"
    />
  );
}

/** The spinner centred in the space a page would take. */
export function PageSpinner({ label }: { label?: string }) {
  const t = useT(sharedMessages);
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label ?? t('loadingPage')} />
    </div>
  );
}
