// The admin's Add Category form: a name and a picture; "Add Now".
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { useAddCategory } from '@/features/categories/api/add-category.ts';

interface CategoryFields {
  categoryName: string;
  categoryImage: FileList;
}

export function AddCategoryPage() {
  const { user } = useSession();
  const adding = useAddCategory();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CategoryFields>();

  const onSubmit = async ({ categoryName, categoryImage }: CategoryFields) => {
    const image = categoryImage[0];
    if (!image || !user) return; // `required` has already said so; the guard needs a user
    try {
      await adding.mutateAsync({ adminEmail: user.email, categoryName: categoryName.trim(), image });
      toast.success('Category Added Successfully');
      reset();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The category could not be added.');
    }
  };

  return (
    <section aria-labelledby="add-category-title" className="max-w-xl rounded-2xl bg-white p-6 ring-1 ring-stone-200 sm:p-8">
      <h2 id="add-category-title" className="text-2xl font-bold text-stone-900">
        Add Category
      </h2>
      <p className="mt-1 text-stone-600">Buyers see every category on the home page as soon as you add it.</p>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-6 space-y-5">
        <FormField id="category-name" label="Category Name" error={errors.categoryName?.message}>
          <FieldInput
            id="category-name"
            error={errors.categoryName?.message}
            type="text"
            placeholder="e.g. Sports Bikes"
            {...register('categoryName', {
              validate: (value) => value.trim() !== '' || 'Please provide the category name',
            })}
          />
        </FormField>
        <FormField id="category-image" label="Image" error={errors.categoryImage?.message}>
          <FieldInput
            id="category-image"
            error={errors.categoryImage?.message}
            type="file"
            accept="image/*"
            className="file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            {...register('categoryImage', { required: 'Please Provide an Image' })}
          />
        </FormField>
        <button
          type="submit"
          disabled={adding.isPending}
          aria-busy={adding.isPending}
          className="w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        >
          {adding.isPending ? 'Loading...' : 'Add Now'}
        </button>
      </form>
    </section>
  );
}
