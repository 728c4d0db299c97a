import type { Category } from '../api/get-categories.ts';

/** One card per category, each linking to that category's bikes. */
export function CategoryCards({ categories }: { categories: Category[] }) {
  return (
    <ul className="category-cards">
      {categories.map((category) => (
        <li key={category._id} className="category-card">
          <a href={`/category/${encodeURIComponent(category._id)}`}>
            {/* The name beside it already labels the link; a repeated alt text
                would make screen readers say every name twice. */}
            <img
              src={category.categoryImage}
              alt=""
              loading="lazy"
              decoding="async"
            />
            <span className="category-card__name">{category.categoryName}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
