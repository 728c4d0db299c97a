import { Link } from 'react-router';
import { BoltIcon, CardIcon, MotorcycleIcon, ShieldCheckIcon } from '@/components/icons.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import { homeMessages } from './home.messages.ts';

const PROMISES = [
  { Icon: ShieldCheckIcon, text: 'verifiedSellers' },
  { Icon: BoltIcon, text: 'liveAvailability' },
  { Icon: CardIcon, text: 'payWays' },
] as const;

/**
 * The home page's banner. Compact on a phone, so the latest bikes beneath it show on the
 * first screen or two; Get Started goes to the products page.
 */
export function HeroBanner() {
  const t = useT(homeMessages);
  return (
    <section aria-labelledby="hero-heading" className="page-container pt-4 sm:pt-6">
      <div className="on-dark relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-5 py-6 text-white sm:px-12 sm:py-16 lg:px-16 lg:py-20">
        {/* Decorative rings: depth without an image to download. */}
        <div aria-hidden="true" className="absolute -top-24 -right-24 -z-10 size-96 rounded-full border-[40px] border-white/5" />
        <div aria-hidden="true" className="absolute -right-10 -bottom-32 -z-10 size-80 rounded-full bg-brand-500/20 blur-2xl" />

        <div className="grid items-center gap-10 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-medium sm:text-sm text-brand-100 ring-1 ring-white/20">
              <span className="size-2 rounded-full bg-amber-400" aria-hidden="true" />
              {t('heroBadge')}
            </p>
            <h1 id="hero-heading" className="mt-3 text-3xl font-extrabold tracking-tight sm:mt-5 sm:text-5xl lg:text-6xl">
              {t('heroTitle')}
            </h1>
            <p className="mt-2 max-w-xl text-sm leading-relaxed text-brand-100 sm:mt-4 sm:text-lg">
              {t('heroIntro')}
            </p>
            <div className="mt-4 flex flex-wrap items-center gap-4 sm:mt-8">
              <Link
                to="/products"
                className="rounded-xl bg-amber-400 px-6 py-3 text-base font-bold text-amber-950 shadow-lg shadow-black/10 transition hover:bg-amber-300 sm:px-7 sm:py-3.5"
              >
                {t('getStarted')}
              </Link>
              <a href="#categories-heading" className="font-semibold text-white underline-offset-4 hover:underline">
                {t('browseCategories')}
              </a>
            </div>
            <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-brand-100 sm:mt-8 sm:gap-x-6 sm:gap-y-3 sm:text-sm">
              {PROMISES.map(({ Icon, text }) => (
                <li key={text} className="flex items-center gap-2">
                  <Icon className="size-4 text-amber-300 sm:size-5" />
                  {t(text)}
                </li>
              ))}
            </ul>
          </div>
          <div aria-hidden="true" className="hidden justify-center lg:flex">
            <div className="flex size-72 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20 xl:size-80">
              <div className="flex size-52 items-center justify-center rounded-full bg-white/10 xl:size-60">
                <MotorcycleIcon className="size-32 text-white xl:size-36" strokeWidth={1.2} />
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
