// The admin's moderation queue: listings buyers reported, and deleting them.
// A new report joins the cached list live.
import { DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, TablePage, type Column } from '@/components/data-table.tsx';
import type { Product } from '@/lib/api/types.ts';
import { deleteProductMutation } from '@/lib/api/delete-listing.ts';
import { useReportedProducts } from '@/features/moderation/api/get-reported-products.ts';

export const DELETE_REPORTED_PROMPT = 'Are you sure, You want to delete Reported Product?';

const remove = deleteProductMutation();

const columns: Column<Product>[] = [
  indexColumn(),
  imageColumn((product) => product.productImage),
  {
    header: 'Name',
    rowHeader: true,
    cell: (product) => (
      <>
        {product.productName}
        <span className="block text-xs font-normal wrap-anywhere text-stone-500">
          by {product.sellerName} · {product.sellerEmail}
        </span>
      </>
    ),
  },
  {
    header: 'Delete',
    phone: 'action',
    cell: (product) => (
      <DeleteButton mutation={remove} variables={product} what={product.productName} prompt={DELETE_REPORTED_PROMPT} />
    ),
  },
];

export function ReportedProductsPage() {
  return (
    <TablePage
      title="Reported Products"
      query={useReportedProducts()}
      columns={columns}
      rowKey={(product) => product._id}
      emptyText="There is no Reported Product."
      loadingLabel="Loading reported products"
    />
  );
}
