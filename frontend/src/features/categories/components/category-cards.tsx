import { Link } from 'react-router';
import type { Category } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { categoriesMessages } from './categories.messages.ts';

/** One card per category, linking to its bikes; 1, 2 or 3 columns by width. */
export function CategoryCards({ categories }: { categories: Category[] }) {
  const t = useT(categoriesMessages);
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {categories.map((category) => (
        <li key={category._id}>
          <Link
            to={`/category/${encodeURIComponent(category._id)}`}
            className="group block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-0.5 hover:shadow-md"
          >
            <div className="aspect-[16/10] overflow-hidden bg-stone-100">
              {/* The name below labels the link; alt="" avoids reading it twice. */}
              <img
                src={category.categoryImage}
                alt=""
                width={640}
                height={400}
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition duration-300 group-hover:scale-105"
              />
            </div>
            <div className="flex items-center justify-between px-5 py-4">
              <span className="text-lg font-semibold text-stone-900">{category.categoryName}</span>
              <span aria-hidden="true" className="text-sm font-medium text-brand-700 group-hover:underline">
                {t('viewBikes')}
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
