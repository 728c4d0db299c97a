// The seller's own listings: status, Advertise (or Already Sold), Edit and Delete while
// unsold (a sale stays on record).
// Live events keep the cached list current (new listings, bikes turning sold).
import { Link } from 'react-router';
import { ConfirmButton, DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, Pill, TablePage, type Column } from '@/components/data-table.tsx';
import type { Product, SellerProduct } from '@/lib/api/types.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { advertiseProductMutation } from '@/features/selling/api/advertise-product.ts';
import { deleteProductMutation } from '@/lib/api/delete-listing.ts';
import { useSellerProducts } from '@/features/selling/api/get-seller-products.ts';
import { AvailabilityPill, isSold } from '@/features/selling/components/availability-pill.tsx';

export const ADVERTISE_PROMPT = 'Are you sure, You want to advertise?';

const advertise = advertiseProductMutation();
const remove = deleteProductMutation();

function Advertisement({ product }: { product: Product }) {
  if (isSold(product)) return <Pill tone="stone">Already Sold</Pill>;
  if (product.advertised) return <Pill tone="sky">Advertised</Pill>;
  return (
    <ConfirmButton
      mutation={advertise}
      variables={product}
      title={`Advertise ${product.productName}?`}
      prompt={ADVERTISE_PROMPT}
      confirmLabel="Advertise"
      cancelLabel="Not now"
      success="Advertisement Successfully Done"
      busyLabel="Advertising…"
      tone="primary"
    >
      Advertise
    </ConfirmButton>
  );
}

function Bookings({ count }: { count: number }) {
  if (count === 0) return <span className="text-stone-400">None</span>;
  return (
    <Link to="/dashboard/my-buyers" className="font-semibold text-brand-800 hover:underline">
      {count === 1 ? '1 booking' : `${String(count)} bookings`}
    </Link>
  );
}

const columns: Column<Product>[] = [
  indexColumn(),
  imageColumn((product) => product.productImage),
  { header: 'Name', rowHeader: true, cell: (product) => product.productName },
  {
    header: 'Price',
    className: 'tabular-nums whitespace-nowrap',
    cell: (product) => formatPrice(product.resalePrice),
  },
  { header: 'Status', cell: (product) => <AvailabilityPill product={product} /> },
  {
    header: 'Bookings',
    className: 'tabular-nums',
    // A listing added by a live event has no count yet: none can have booked it.
    cell: (product) => <Bookings count={(product as Partial<SellerProduct>).bookings ?? 0} />,
  },
  { header: 'Advertisement', cell: (product) => <Advertisement product={product} /> },
  {
    header: 'Action',
    phone: 'action',
    // A sold bike stays on record for its buyer: it can be neither edited nor deleted.
    cell: (product) =>
      isSold(product) ? (
        <span className="text-sm text-stone-500">Kept on record</span>
      ) : (
        <span className="flex flex-wrap items-center gap-2">
          <Link
            to={`/dashboard/edit-product/${product._id}`}
            aria-label={`Edit ${product.productName}`}
            className="rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            Edit
          </Link>
          <DeleteButton mutation={remove} variables={product} what={product.productName} />
        </span>
      ),
  },
];

export function SellerProductsPage() {
  const { user } = useSession();
  return (
    <TablePage
      title="My Products"
      query={useSellerProducts(user?.email ?? '')}
      columns={columns}
      rowKey={(product) => product._id}
      emptyText="There is no product added till now."
      loadingLabel="Loading your products"
      emptyExtra={
        <Link
          to="/dashboard/add-product"
          className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Add your first bike
        </Link>
      }
    />
  );
}
