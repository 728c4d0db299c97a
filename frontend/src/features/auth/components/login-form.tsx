import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import { returnPath } from '@/lib/auth/return-path.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
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
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<LoginFields>({ defaultValues: { email: emailFrom(location.state), password: '' } });
  const typedEmail = useWatch({ control, name: 'email' });

  const onSubmit = async ({ email, password }: LoginFields) => {
    try {
      await logIn(email.trim(), password);
      toast.success('Login Successful');
      await navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Login failed. Please try again.');
    }
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          <FieldInput
            id="login-email"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...register('email', { required: 'Email Address is required' })}
          />
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password?.message}>
          <FieldInput
            id="login-password"
            error={errors.password?.message}
            type="password"
            autoComplete="current-password"
            placeholder="Your password"
            {...register('password', { required: 'Please give your password' })}
          />
        </FormField>
        <div className="text-right">
          <Link
            to="/forgot-password"
            state={{ email: typedEmail }}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            Forgot Your Password
          </Link>
        </div>
        <SubmitButton busy={busy}>Login</SubmitButton>
      </form>
      <GoogleSignIn />
      <p className="mt-6 text-center text-sm text-stone-600">
        New to BikeHaat?{' '}
        <Link to="/signup" state={location.state as unknown} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </>
  );
}
