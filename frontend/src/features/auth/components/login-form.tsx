import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client.ts';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import { returnPath } from '@/lib/auth/return-path.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';
import { EXAMPLE_EMAIL } from '@/features/auth/utils/example-email.ts';
import { OtherWayIn } from './other-way-in.tsx';
import { SubmitButton } from './submit-button.tsx';

interface LoginFields {
  email: string;
  password: string;
}

/** The address a password reset just changed, carried in the router state. */
function emailFrom(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** E-mail and password sign-in, with the messages of docs/product.md ('Forms and their messages'). */
export function LoginForm() {
  const { logIn, busy } = useSession();
  const t = useT(authMessages);
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<LoginFields>({ defaultValues: { email: emailFrom(location.state), password: '' } });
  const typedEmail = useWatch({ control, name: 'email' });

  const onSubmit = async ({ email, password }: LoginFields) => {
    try {
      await logIn(email.trim(), password);
      toast.success(t('loginSuccess'));
      await navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : t('loginFailed');
      toast.error(message);
      // Said beside the password too, where it stays until the reader types again: a
      // toast is gone in five seconds.
      if (error instanceof ApiError && error.status < 500) setError('password', { type: 'server', message });
      else setError('root.server', { type: 'server', message });
    }
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
        <FormField id="login-email" label={t('email')} error={errors.email?.message}>
          <FieldInput
            id="login-email"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            placeholder={EXAMPLE_EMAIL}
            {...register('email', { required: t('emailRequired') })}
          />
        </FormField>
        <FormField id="login-password" label={t('password')} error={errors.password?.message}>
          <FieldInput
            id="login-password"
            error={errors.password?.message}
            type="password"
            autoComplete="current-password"
            placeholder={t('passwordPlaceholder')}
            {...register('password', { required: t('passwordRequired') })}
          />
        </FormField>
        <div className="text-right">
          <Link
            to="/forgot-password"
            state={{ email: typedEmail }}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            {t('forgotLink')}
          </Link>
        </div>
        {errors.root?.server && (
          <p role="alert" className="text-sm text-red-700">
            {errors.root.server.message}
          </p>
        )}
        <SubmitButton busy={busy}>{t('loginButton')}</SubmitButton>
      </form>
      <OtherWayIn prompt={t('newHere')} to="/signup" label={t('createAccount')} />
    </>
  );
}
