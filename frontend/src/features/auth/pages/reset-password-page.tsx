import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { FieldInput, FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { resetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { newPasswordRules } from '../utils/password-rules.ts';

interface ResetFields {
  password: string;
}

const NO_LONGER_VALID =
  'This link is no longer valid: it has expired or was already used. Ask for a new one.';

/** The page a password-reset mail links to: choose a new password, then log in with it. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : NO_LONGER_VALID);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetFields>();

  const onSubmit = async ({ password }: ResetFields) => {
    try {
      const { email } = await resetPassword(token, password);
      toast.success('Your password is changed. Please log in.');
      await navigate('/login', { replace: true, state: { email } });
    } catch (error) {
      if (error instanceof ApiError && error.fields.password) {
        setError('password', { message: error.fields.password });
      } else if (error instanceof ApiError && error.status === 400) {
        setLinkProblem(error.message);
      } else {
        toast.error(error instanceof Error ? error.message : 'Could not change the password. Please try again.');
      }
    }
  };

  return (
    <AuthCard title="Choose a new password" subtitle="Choosing one signs you out on every device.">
      {linkProblem ? (
        <div role="alert" className="space-y-4">
          <p className="rounded-lg bg-red-50 p-4 text-red-800 ring-1 ring-red-200">{linkProblem}</p>
          <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
            Ask for a new link
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
          <FormField id="reset-password" label="New password" error={errors.password?.message}>
            <FieldInput
              id="reset-password"
              error={errors.password?.message}
              type="password"
              autoComplete="new-password"
              placeholder="At least 6 characters"
              {...register('password', newPasswordRules)}
            />
          </FormField>
          <SubmitButton busy={isSubmitting}>Save new password</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
