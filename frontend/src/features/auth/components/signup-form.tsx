import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import { returnPath } from '@/lib/auth/return-path.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { NewPasswordField } from '@/features/auth/components/new-password-field.tsx';
import { newPasswordRules } from '@/features/auth/utils/password-rules.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
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
      toast.success(`Successfully Created Your ${role} Account`);
      await navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Sign-up failed. Please try again.');
    }
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
        <FormField id="signup-name" label="Name" error={errors.name?.message}>
          <FieldInput
            id="signup-name"
            error={errors.name?.message}
            type="text"
            autoComplete="name"
            placeholder="Your full name"
            {...register('name', { required: 'Please Provide Your Name' })}
          />
        </FormField>
        <FormField id="signup-photo" label="Photo" error={errors.photo?.message}>
          <FieldInput
            id="signup-photo"
            error={errors.photo?.message}
            type="file"
            accept="image/*"
            className="file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            {...register('photo', { required: 'Please Provide Your photo' })}
          />
        </FormField>
        <FormField id="signup-email" label="Email" error={errors.email?.message}>
          <FieldInput
            id="signup-email"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...register('email', { required: 'Email Address is required' })}
          />
        </FormField>
        <NewPasswordField
          id="signup-password"
          label="Password"
          error={errors.password?.message}
          registration={register('password', newPasswordRules)}
        />
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">I want to join</legend>
          <div className="mt-2 grid grid-cols-2 gap-3">
            {(['buyer', 'seller'] as const).map((role) => (
              <label
                key={role}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2.5 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900"
              >
                <input type="radio" value={role} className="size-4 accent-brand-700" {...register('role')} />
                {role === 'buyer' ? 'As a Buyer' : 'As a Seller'}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton busy={busy}>Sign Up</SubmitButton>
      </form>
      <GoogleSignIn />
      <p className="mt-6 text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link to="/login" state={location.state as unknown} className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
    </>
  );
}
