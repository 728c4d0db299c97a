import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import { returnPath } from '@/lib/auth/return-path.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';
import { EXAMPLE_EMAIL } from '@/features/auth/utils/example-email.ts';
import { NewPasswordField } from '@/features/auth/components/new-password-field.tsx';
import { newPasswordRules } from '@/features/auth/utils/password-rules.ts';
import { OtherWayIn } from './other-way-in.tsx';
import { SubmitButton } from './submit-button.tsx';

interface SignupFields {
  name: string;
  photo: FileList;
  email: string;
  password: string;
  role: 'buyer' | 'seller';
}

/** Creates a buyer or seller account, with the messages of docs/product.md ('Forms and their messages'). */
export function SignupForm() {
  const { signUp, busy } = useSession();
  const t = useT(authMessages);
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupFields>({ defaultValues: { role: 'buyer' } });

  const onSubmit = async ({ name, photo, email, password, role }: SignupFields) => {
    const file = photo[0];
    if (!file) return; // the `required` rule has already said so
    try {
      await signUp({ name: name.trim(), photo: file, email: email.trim(), password, role });
      toast.success(t('signupSuccess', { role }));
      await navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('signupFailed'));
    }
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
        <FormField id="signup-name" label={t('name')} error={errors.name?.message}>
          <FieldInput
            id="signup-name"
            error={errors.name?.message}
            type="text"
            autoComplete="name"
            placeholder={t('namePlaceholder')}
            {...register('name', { required: t('nameRequired') })}
          />
        </FormField>
        <FormField id="signup-photo" label={t('photo')} error={errors.photo?.message}>
          <FieldInput
            id="signup-photo"
            error={errors.photo?.message}
            type="file"
            accept="image/*"
            className="file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            {...register('photo', { required: t('photoRequired') })}
          />
        </FormField>
        <FormField id="signup-email" label={t('email')} error={errors.email?.message}>
          <FieldInput
            id="signup-email"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            placeholder={EXAMPLE_EMAIL}
            {...register('email', { required: t('emailRequired') })}
          />
        </FormField>
        <NewPasswordField
          id="signup-password"
          label={t('password')}
          error={errors.password?.message}
          registration={register('password', newPasswordRules(t))}
        />
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">{t('joinAs')}</legend>
          <div className="mt-2 grid grid-cols-2 gap-3">
            {(['buyer', 'seller'] as const).map((role) => (
              <label
                key={role}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2.5 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900"
              >
                <input type="radio" value={role} className="size-4 accent-brand-700" {...register('role')} />
                {role === 'buyer' ? t('asBuyer') : t('asSeller')}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton busy={busy}>{t('signupButton')}</SubmitButton>
      </form>
      <OtherWayIn prompt={t('haveAccount')} to="/login" label={t('loginLink')} />
    </>
  );
}
