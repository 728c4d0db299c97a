// The seller's product form: every field required, with the messages of docs/product.md
// ('Forms and their messages'); one column on a phone, two on wider screens. The same form
// edits an unsold listing: what the bike is (category, name, original price, year, years
// of use) stays as posted and shows read-only, and the photo is kept unless a new one is
// chosen.
import { useForm, type Path } from 'react-hook-form';
import { errorId, FieldInput, FormField, inputLook } from '@/components/form-field.tsx';
import type { Category, Product } from '@/lib/api/types.ts';

export interface ProductFields {
  categoryId: string;
  productName: string;
  productImage: FileList;
  resalePrice: string;
  originalPrice: string;
  purchaseYear: string;
  yearsOfUse: string;
  condition: string;
  location: string;
  color: string;
  sellerPhone: string;
  description: string;
}

/** Field messages from the server, by field name. */
export type FieldMessages = Record<string, string>;

export const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;

const FIELD_NAMES: ReadonlySet<string> = new Set<keyof ProductFields>([
  'categoryId',
  'productName',
  'productImage',
  'resalePrice',
  'originalPrice',
  'purchaseYear',
  'yearsOfUse',
  'condition',
  'location',
  'color',
  'sellerPhone',
  'description',
]);

const filled = (message: string) => (value: string) => value.trim() !== '' || message;

/** A listing's fields as the form holds them (text, as typed). */
function asTyped(product: Product): Partial<ProductFields> {
  return {
    categoryId: product.categoryId,
    productName: product.productName,
    resalePrice: String(product.resalePrice),
    originalPrice: String(product.originalPrice),
    purchaseYear: String(product.purchaseYear),
    yearsOfUse: String(product.yearsOfUse),
    condition: product.condition,
    location: product.location,
    color: product.color,
    sellerPhone: product.sellerPhone ?? '',
    description: product.description,
  };
}

/** Select and textarea share the inputs' look and the way they point at their message. */
function describedBy(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': errorId(id), className: inputLook };
}

export function ProductForm({
  categories,
  categoriesError,
  busy,
  editing,
  onSubmit,
}: {
  categories: readonly Category[];
  categoriesError?: string | undefined;
  busy: boolean;
  /** The listing being changed; absent when adding one. */
  editing?: Product | undefined;
  /** Lists (or changes) the bike; answers the server's messages for fields it refused. */
  onSubmit: (fields: ProductFields) => Promise<FieldMessages | undefined>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProductFields>({
    defaultValues: editing ? asTyped(editing) : { categoryId: '', condition: '' },
  });
  // Editing keeps what the bike is as posted: those fields show, read-only.
  const fixed = editing !== undefined;

  const submit = async (fields: ProductFields) => {
    const refused = await onSubmit(fields);
    if (!refused) return;
    let first = true;
    for (const [name, message] of Object.entries(refused)) {
      if (!FIELD_NAMES.has(name)) continue;
      setError(name as Path<ProductFields>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  };

  const text = (name: Exclude<keyof ProductFields, 'productImage'>, message = 'required') =>
    register(name, { validate: filled(message) });
  const posted = (name: Exclude<keyof ProductFields, 'productImage'>, message = 'required') =>
    fixed ? { ...register(name), readOnly: true, 'aria-readonly': true } : text(name, message);

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="grid grid-cols-1 gap-5 md:grid-cols-2"
    >
      <FormField id="product-category" label="Category" error={errors.categoryId?.message ?? categoriesError}>
        <select
          {...describedBy('product-category', errors.categoryId?.message)}
          {...(fixed ? { ...register('categoryId'), disabled: true } : text('categoryId', 'Please Select a Category'))}
        >
          <option value="">Please Select a Category</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.categoryName}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="product-name" label="Product Name" error={errors.productName?.message}>
        <FieldInput
          id="product-name"
          error={errors.productName?.message}
          type="text"
          placeholder="e.g. Yamaha R15 V3"
          {...posted('productName')}
        />
      </FormField>
      <FormField id="product-image" label="Product Image" error={errors.productImage?.message}>
        <FieldInput
          id="product-image"
          error={errors.productImage?.message}
          type="file"
          accept="image/*"
          className="file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
          {...register('productImage', fixed ? {} : { required: 'required' })}
        />
        {editing && (
          <p className="mt-2 flex items-center gap-3 text-sm text-stone-600">
            <img src={editing.productImage} alt="" className="size-12 rounded-md object-cover" />
            Choose a new photo only to replace this one.
          </p>
        )}
      </FormField>
      <FormField id="product-condition" label="Condition" error={errors.condition?.message}>
        <select {...describedBy('product-condition', errors.condition?.message)} {...text('condition')}>
          <option value="">Select the condition</option>
          {CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {condition}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="product-resale-price" label="Resale Price (৳)" error={errors.resalePrice?.message}>
        <FieldInput
          id="product-resale-price"
          error={errors.resalePrice?.message}
          type="text"
          inputMode="numeric"
          placeholder="e.g. 1800"
          {...text('resalePrice')}
        />
      </FormField>
      <FormField id="product-original-price" label="Original Price (৳)" error={errors.originalPrice?.message}>
        <FieldInput
          id="product-original-price"
          error={errors.originalPrice?.message}
          type="text"
          inputMode="numeric"
          placeholder="e.g. 2500"
          {...posted('originalPrice')}
        />
      </FormField>
      <FormField id="product-purchase-year" label="Purchase Year" error={errors.purchaseYear?.message}>
        <FieldInput
          id="product-purchase-year"
          error={errors.purchaseYear?.message}
          type="text"
          inputMode="numeric"
          placeholder="e.g. 2021"
          {...posted('purchaseYear')}
        />
      </FormField>
      <FormField id="product-years-of-use" label="Years of Use" error={errors.yearsOfUse?.message}>
        <FieldInput
          id="product-years-of-use"
          error={errors.yearsOfUse?.message}
          type="text"
          inputMode="numeric"
          placeholder="e.g. 3"
          {...posted('yearsOfUse')}
        />
      </FormField>
      <FormField id="product-location" label="Location" error={errors.location?.message}>
        <FieldInput
          id="product-location"
          error={errors.location?.message}
          type="text"
          placeholder="e.g. Mirpur, Dhaka"
          {...text('location')}
        />
      </FormField>
      <FormField id="product-color" label="Color" error={errors.color?.message}>
        <FieldInput
          id="product-color"
          error={errors.color?.message}
          type="text"
          placeholder="e.g. Racing Blue"
          {...text('color')}
        />
      </FormField>
      <FormField id="product-seller-phone" label="Seller Contact Number" error={errors.sellerPhone?.message}>
        <FieldInput
          id="product-seller-phone"
          error={errors.sellerPhone?.message}
          type="tel"
          autoComplete="tel"
          placeholder="01XXXXXXXXX"
          {...text('sellerPhone')}
        />
      </FormField>
      <div className="md:col-span-2">
        <FormField id="product-description" label="Description" error={errors.description?.message}>
          <textarea
            rows={5}
            placeholder="Service history, modifications, papers, why you are selling…"
            {...describedBy('product-description', errors.description?.message)}
            {...text('description', 'Description is required')}
          />
        </FormField>
      </div>
      <div className="md:col-span-2">
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className="w-full rounded-lg bg-brand-700 px-8 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 md:w-auto"
        >
          {busy ? (fixed ? 'Saving…' : 'Loading....') : fixed ? 'Save changes' : 'Add product'}
        </button>
      </div>
    </form>
  );
}
