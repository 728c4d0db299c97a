import { PhoneCheck } from '@/components/phone-check.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { dashboardHomeMessages } from './dashboard-home.messages.ts';

/**
 * /dashboard itself: a greeting (the side panel holds the sections) and, for a buyer or a
 * seller whose address is proven, their phone: confirmed, or to confirm by SMS.
 */
export function DashboardHome() {
  const { user, role } = useSession();
  const t = useT(dashboardHomeMessages);
  return (
    <div className="grid gap-6">
      <section className="rounded-xl bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-stone-900">
          {user ? t('welcomeNamed', { name: user.name }) : t('welcome')}
        </h2>
        <p className="mt-1 text-stone-600">{t('chooseSection')}</p>
      </section>
      {user?.emailVerified && role !== 'admin' && (
        <PhoneCheck place="account" headingLevel="h2" className="rounded-xl bg-white p-6 shadow-sm" />
      )}
    </div>
  );
}
