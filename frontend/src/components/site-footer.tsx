import { Link } from 'react-router';
import { MailIcon, MapPinIcon, MotorcycleIcon, PhoneIcon } from './icons.tsx';
import { BRAND, SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_LINK } from './brand.ts';
import { siteFooterMessages } from './site-footer.messages.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';

/** Where the marketplace's own pages are. */
const MARKET_LINKS = [
  { key: 'allBikes', to: '/products' },
  { key: 'categories', to: '/#categories-heading' },
  { key: 'blog', to: '/blog' },
] as const;
/** The blog's guides, each opened at its article. */
const GUIDE_LINKS = [
  { key: 'howBuyingWorks', to: '/blog#buying-a-used-bike-safely' },
  { key: 'papers', to: '/blog#paperwork-and-ownership-transfer' },
  { key: 'fairPrice', to: '/blog#what-a-fair-price-looks-like' },
  { key: 'safeMeetups', to: '/blog#meeting-a-seller-safely' },
] as const;

/** Links to the marketplace's pages and guides, and how to reach us. */
export function SiteFooter() {
  const { locale } = useLanguage();
  const t = useT(siteFooterMessages);
  return (
    <footer className="on-dark mt-16 bg-stone-900 text-stone-300">
      <div className="page-container grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" className="inline-flex items-center gap-2 text-xl font-bold text-white">
            <span className="flex size-9 items-center justify-center rounded-full bg-brand-600">
              <MotorcycleIcon className="size-5 text-white" />
            </span>
            {BRAND}
          </Link>
          <p className="mt-3 max-w-xs text-sm leading-relaxed">{t('tagline')}</p>
        </div>

        <FooterLinks id="footer-market" title={t('marketplace')} links={MARKET_LINKS.map(({ key, to }) => ({ to, label: t(key) }))} />
        <FooterLinks id="footer-guides" title={t('buyersAndSellers')} links={GUIDE_LINKS.map(({ key, to }) => ({ to, label: t(key) }))} />

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

function FooterLinks({ id, title, links }: { id: string; title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link to={to} className="hover:text-white hover:underline">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
