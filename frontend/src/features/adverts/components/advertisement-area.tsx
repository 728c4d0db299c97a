import { Link } from 'react-router';
import { MapPinIcon } from '@/components/icons.tsx';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka } from '@/lib/i18n/numbers.ts';
import { useAdverts } from '@/features/adverts/api/get-adverts.ts';
import { advertsMessages } from './adverts.messages.ts';

/** Advertised bikes; hidden while there are none. Up to 5 columns. */
export function AdvertisementArea() {
  const adverts = useAdverts();
  const t = useT(advertsMessages);
  const { locale } = useLanguage();
  if (!adverts.isSuccess || adverts.data.length === 0) return null;

  return (
    <section aria-labelledby="adverts-heading" className="bg-white py-12">
      <div className="page-container">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-amber-700 uppercase">{t('kicker')}</p>
            <h2 id="adverts-heading" className="text-2xl font-bold text-stone-900 sm:text-3xl">
              {t('title')}
            </h2>
          </div>
        </div>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {adverts.data.map((advert) => (
            <li key={advert._id}>
              <Link
                to={`/category/${encodeURIComponent(advert.categoryId)}`}
                className="group flex h-full flex-col overflow-hidden rounded-xl bg-white ring-1 ring-stone-200 transition hover:shadow-md"
              >
                <div className="relative aspect-[4/3] bg-stone-100">
                  <img
                    src={advert.productImage}
                    alt=""
                    width={400}
                    height={300}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                  <span className="absolute top-2 left-2 rounded-md bg-amber-400 px-2 py-0.5 text-[11px] font-bold tracking-wide text-amber-950 uppercase">
                    {t('ad')}
                  </span>
                </div>
                <div className="flex flex-1 flex-col p-3">
                  <h3 className="line-clamp-2 text-sm font-semibold text-stone-900 group-hover:text-brand-800 sm:text-base">
                    {advert.productName}
                  </h3>
                  <p className="mt-1 text-base font-bold text-brand-700">{formatTaka(advert.resalePrice, locale)}</p>
                  <p className="mt-auto flex items-center gap-1 pt-2 text-xs text-stone-500">
                    <MapPinIcon className="size-3.5 shrink-0" />
                    <span className="truncate">{advert.location}</span>
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
