import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { firebaseSettings } from '@/lib/config/get-config.ts';
import { firebaseForgotPassword } from '@/lib/firebase/firebase-password.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';
import { EXAMPLE_EMAIL } from '@/features/auth/utils/example-email.ts';
import { forgotPassword } from '@/features/auth/api/forgot-password.ts';
import { AuthCard } from '@/features/auth/components/auth-card.tsx';
import { SubmitButton } from '@/features/auth/components/submit-button.tsx';

interface ForgotFields {
  email: string;
}

/** The e-mail typed on the login page, carried here in the router state. */
function typedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** "Forgot Your Password": asks for the address and mails it a link to choose a new one. */
export function ForgotPasswordPage() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const t = useT(authMessages);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotFields>({ defaultValues: { email: typedEmail(location.state) } });

  const onSubmit = async ({ email }: ForgotFields) => {
    try {
      const address = email.trim();
      const firebase = await firebaseSettings(queryClient);
      // With Firebase on, an account made before it resets through the built-in provider:
      // both are asked, and each mails only the addresses it knows.
      const [answer] = await Promise.all([
        forgotPassword(address),
        firebase ? firebaseForgotPassword(firebase, address) : undefined,
      ]);
      setSent(answer.message);
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.fields.email ?? error.message)
          : error instanceof Error
            ? error.message
            : t('sendFailed');
      setError('email', { message });
    }
  };

  return (
    <AuthCard title={t('forgotTitle')} subtitle={t('forgotSubtitle')}>
      {sent ? (
        <div role="status" className="space-y-4">
          <p className="rounded-lg bg-brand-50 p-4 text-brand-900 ring-1 ring-brand-200">{sent}</p>
          <p className="text-sm text-stone-600">
            {t('noMail')}
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
          <FormField id="forgot-email" label={t('email')} error={errors.email?.message}>
            <FieldInput
              id="forgot-email"
              error={errors.email?.message}
              type="email"
              autoComplete="email"
              placeholder={EXAMPLE_EMAIL}
              {...register('email', { required: t('emailRequired') })}
            />
          </FormField>
          <SubmitButton busy={isSubmitting}>{t('sendResetLink')}</SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-stone-600">
        {t('remembered')} <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {t('backToLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
