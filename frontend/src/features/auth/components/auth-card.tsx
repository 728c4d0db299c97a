import type { ReactNode } from 'react';
import { BRAND } from '@/components/brand.ts';
import { BoltIcon, ShieldCheckIcon } from '@/components/icons.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';

/** The frame of the login and sign-up pages: the form beside a short reassurance. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const t = useT(authMessages);
  usePageTitle(title);
  return (
    <div className="page-container py-8 sm:py-14">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200 lg:grid-cols-2">
        <aside className="hidden flex-col justify-between bg-gradient-to-br from-brand-900 to-brand-700 p-10 text-white lg:flex">
          <div>
            <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{BRAND}</p>
            <p className="mt-3 text-3xl leading-tight font-bold">{t('cardHeadline')}</p>
          </div>
          <ul className="space-y-4 text-brand-100">
            <li className="flex gap-3">
              <ShieldCheckIcon className="size-6 shrink-0 text-amber-300" />
              {t('cardVerifiedSellers')}
            </li>
            <li className="flex gap-3">
              <BoltIcon className="size-6 shrink-0 text-amber-300" />
              {t('cardLiveStatus')}
            </li>
          </ul>
        </aside>
        <div className="p-6 sm:p-10">
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-stone-600">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </div>
      </div>
    </div>
  );
}
