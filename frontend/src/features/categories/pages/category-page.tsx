// The category page (spec §2, buyers only): "Choose Your Dream Bike", the category's
// listings as cards, the order modal. Its loader prefetches the listings; live events
// keep them current in the cache.
import { useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageSpinner } from '../../../components/spinner.tsx';
import type { Product } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/auth/session-context.ts';
import { categoryProductsLoader, useCategoryProducts } from '../api/get-category-products.ts';
import { useReportProduct } from '../api/report-product.ts';
import { OrderModal } from '../components/order-modal.tsx';
import { ProductCard } from '../components/product-card.tsx';

export const categoryLoader = categoryProductsLoader;

export const REPORT_PROMPT = 'Are you sure, You want to report to admin?';

export function CategoryPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const products = useCategoryProducts(id);
  const report = useReportProduct();
  const [booking, setBooking] = useState<Product | null>(null);

  const onReport = (product: Product) => {
    if (!window.confirm(REPORT_PROMPT)) return;
    report.mutate(product._id, {
      onSuccess: () => toast.success('Successfully Reported to Admin'),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <div className="page-container py-10">
      <h1 className="text-center text-3xl font-bold text-stone-900 sm:text-4xl">Choose Your Dream Bike</h1>
      {products.isPending ? (
        <PageSpinner label="Loading bikes" />
      ) : products.isError ? (
        <p role="alert" className="mt-10 text-center text-red-700">
          {products.error.message}
        </p>
      ) : products.data.length === 0 ? (
        <p className="mt-10 text-center text-lg text-stone-600">No Products Available for this Category</p>
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {products.data.map((product) => (
            <ProductCard
              key={product._id}
              product={product}
              onBook={setBooking}
              onReport={onReport}
              reporting={report.isPending && report.variables === product._id}
            />
          ))}
        </div>
      )}
      {booking && user && (
        <OrderModal
          product={booking}
          buyer={user}
          onClose={() => {
            setBooking(null);
          }}
        />
      )}
    </div>
  );
}
