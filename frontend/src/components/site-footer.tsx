import { Link } from 'react-router';
import { MailIcon, MapPinIcon, MotorcycleIcon, PhoneIcon } from './icons.tsx';
import { BRAND, SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_LINK } from './brand.ts';
import { SocialLinks } from './social-links.tsx';
import { siteFooterMessages } from './site-footer.messages.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';

const COMPANY_LINKS = ['about', 'careers', 'press', 'terms', 'privacy'] as const;
const HELP_LINKS = ['howBuyingWorks', 'sellingTips', 'safeMeetups', 'helpCentre'] as const;

/** Placeholder company links, social icons and a contact block. */
export function SiteFooter() {
  const { locale } = useLanguage();
  const t = useT(siteFooterMessages);
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <div className="page-container grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" className="inline-flex items-center gap-2 text-xl font-bold text-white">
            <span className="flex size-9 items-center justify-center rounded-full bg-brand-600">
              <MotorcycleIcon className="size-5 text-white" />
            </span>
            {BRAND}
          </Link>
          <p className="mt-3 max-w-xs text-sm leading-relaxed">{t('tagline')}</p>
          <div className="mt-5">
            <SocialLinks tone="dark" />
          </div>
        </div>

        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-sm font-semibold tracking-wide text-white uppercase">
            {t('company')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {COMPANY_LINKS.map((key) => (
              <li key={key}>
                {/* Placeholder pages: the links are there, their pages are not yet. */}
                <a href="#" className="hover:text-white hover:underline">
                  {t(key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="text-sm font-semibold tracking-wide text-white uppercase">
            {t('buyersAndSellers')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {HELP_LINKS.map((key) => (
              <li key={key}>
                <a href="#" className="hover:text-white hover:underline">
                  {t(key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <address className="col-span-2 text-sm not-italic lg:col-span-1">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('contact')}</h2>
          <ul className="mt-4 space-y-3">
            <li className="flex gap-3">
              <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-500" />
              {t('address')}
            </li>
            <li className="flex gap-3">
              <PhoneIcon className="mt-0.5 size-5 shrink-0 text-brand-500" />
              <a href={SUPPORT_PHONE_LINK} className="hover:text-white">
                {SUPPORT_PHONE}
              </a>
            </li>
            <li className="flex gap-3">
              <MailIcon className="mt-0.5 size-5 shrink-0 text-brand-500" />
              <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-white">
                {SUPPORT_EMAIL}
              </a>
            </li>
          </ul>
        </address>
      </div>
      <div className="border-t border-white/10">
        <p className="page-container py-5 text-center text-xs text-stone-400">
          {t('rights', { year: localDigits(String(new Date().getFullYear()), locale) })}
        </p>
      </div>
    </footer>
  );
}
