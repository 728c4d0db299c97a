// The category page: "Choose Your Dream Bike" under the category's name, its listings as
// cards, the order modal. Everyone may browse: visitors see the public form of each
// listing and are asked to log in to book, save or report; sellers and admins look
// without booking. Its loader prefetches the listings; live events keep them current.
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageSpinner } from '@/components/spinner.tsx';
import type { Product } from '@/lib/api/types.ts';
import type { FromState } from '@/lib/auth/return-path.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { useCategories } from '@/features/categories/api/get-categories.ts';
import { categoryProductsLoader, useCategoryProducts } from '@/features/categories/api/get-category-products.ts';
import { useReportProduct } from '@/features/categories/api/report-product.ts';
import { OrderModal } from '@/features/categories/components/order-modal.tsx';
import { LOG_IN_TO, ProductCard, type LogInReason, type Viewer } from '@/features/categories/components/product-card.tsx';

export const categoryLoader = categoryProductsLoader;

export const REPORT_PROMPT = 'Are you sure, You want to report to admin?';

export function CategoryPage() {
  const { id = '' } = useParams();
  const { user, role, status } = useSession();
  const products = useCategoryProducts(id);
  const categoryName = useCategories().data?.find((category) => category._id === id)?.categoryName;
  const report = useReportProduct();
  const [booking, setBooking] = useState<Product | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  let viewer: Viewer = 'buyer';
  if (status === 'signed-out') viewer = 'visitor';
  else if (status === 'signed-in' && role !== 'buyer') viewer = 'browsing';

  const onLogIn = (reason: LogInReason) => {
    toast.info(LOG_IN_TO[reason]);
    const state: FromState = { from: { pathname: location.pathname, search: location.search } };
    void navigate('/login', { state });
  };

  const onReport = (product: Product) => {
    if (!window.confirm(REPORT_PROMPT)) return;
    report.mutate(product._id, {
      onSuccess: () => toast.success('Successfully Reported to Admin'),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <div className="page-container py-10">
      {categoryName && (
        <p className="text-center text-sm font-semibold tracking-wide text-brand-700 uppercase">{categoryName}</p>
      )}
      <h1 className="mt-1 text-center text-3xl font-bold text-stone-900 sm:text-4xl">Choose Your Dream Bike</h1>
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
              viewer={viewer}
              onBook={setBooking}
              onReport={onReport}
              onLogIn={onLogIn}
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
