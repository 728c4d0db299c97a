import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { resendVerification } from '@/lib/auth/resend-verification.ts';
import { firebaseSettings } from '@/lib/config/get-config.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { sharedMessages } from './shared.messages.ts';

/** Mails a new link that proves `email`; busy while it asks, the outcome as a toast. */
export function ResendLinkButton({ email, children }: { email: string; children: ReactNode }) {
  const t = useT(sharedMessages);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await resendVerification(email, await firebaseSettings(queryClient));
      toast.success(t('linkSent', { email }));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('linkNotSent'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void resend()}
      className="shrink-0 rounded-md px-2.5 py-1 font-semibold text-brand-800 underline decoration-brand-300 underline-offset-2 hover:bg-brand-100 disabled:cursor-wait disabled:opacity-60"
    >
      {busy ? t('sending') : children}
    </button>
  );
}
