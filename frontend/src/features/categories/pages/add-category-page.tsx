// The admin's Add Category form: a name and a picture; "Add Now".
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { useAddCategory } from '@/features/categories/api/add-category.ts';
import { categoriesMessages } from '@/features/categories/components/categories.messages.ts';

interface CategoryFields {
  categoryName: string;
  categoryImage: FileList;
}

export function AddCategoryPage() {
  const { user } = useSession();
  const adding = useAddCategory();
  const t = useT(categoriesMessages);
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
      toast.success(t('added'));
      reset();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('notAdded'));
    }
  };

  return (
    <section aria-labelledby="add-category-title" className="max-w-xl rounded-2xl bg-white p-6 ring-1 ring-stone-200 sm:p-8">
      <h2 id="add-category-title" className="text-2xl font-bold text-stone-900">
        {t('addTitle')}
      </h2>
      <p className="mt-1 text-stone-600">{t('addIntro')}</p>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-6 space-y-5">
        <FormField id="category-name" label={t('nameLabel')} error={errors.categoryName?.message}>
          <FieldInput
            id="category-name"
            error={errors.categoryName?.message}
            type="text"
            placeholder={t('namePlaceholder')}
            {...register('categoryName', {
              validate: (value) => value.trim() !== '' || t('nameMissing'),
            })}
          />
        </FormField>
        <FormField id="category-image" label={t('imageLabel')} error={errors.categoryImage?.message}>
          <FieldInput
            id="category-image"
            error={errors.categoryImage?.message}
            type="file"
            accept="image/*"
            className="file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            {...register('categoryImage', { required: t('imageMissing') })}
          />
        </FormField>
        <button
          type="submit"
          disabled={adding.isPending}
          aria-busy={adding.isPending}
          className="w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        >
          {adding.isPending ? t('adding') : t('addNow')}
        </button>
      </form>
    </section>
  );
}
