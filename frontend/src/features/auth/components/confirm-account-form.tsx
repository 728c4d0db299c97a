import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { AccountToVerify } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';
import { withParts } from '@/lib/i18n/with-parts.tsx';
import { verifyEmail } from '@/features/auth/api/verify-email.ts';
import { SubmitButton } from '@/features/auth/components/submit-button.tsx';
import { NewPasswordField } from '@/features/auth/components/new-password-field.tsx';
import { newPasswordRules } from '@/features/auth/utils/password-rules.ts';

interface ProofFields {
  password: string;
}

/**
 * Confirms the address of the account a link names, once the reader shows the account
 * is theirs: with its password, or by choosing a new one. A stranger who signed up with
 * someone else's address gains nothing when its owner opens the link.
 */
export function ConfirmAccountForm({
  token,
  account,
  onConfirmed,
  onLinkProblem,
}: {
  token: string;
  account: AccountToVerify;
  onConfirmed: (email: string) => Promise<void>;
  onLinkProblem: (message: string) => void;
}) {
  const t = useT(authMessages);
  const [choosingNew, setChoosingNew] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProofFields>();

  const onSubmit = async ({ password }: ProofFields) => {
    try {
      const { email } = await verifyEmail(token, choosingNew ? { newPassword: password } : { password });
      await onConfirmed(email);
    } catch (error) {
      const field = error instanceof ApiError ? (error.fields.password ?? error.fields.newPassword) : undefined;
      if (field) setError('password', { message: field });
      else if (error instanceof ApiError && error.status === 400) onLinkProblem(error.message);
      else toast.error(error instanceof Error ? error.message : t('confirmFailed'));
    }
  };

  const toggle = () => {
    setChoosingNew((now) => !now);
    reset();
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
      <p className="rounded-lg bg-stone-50 p-4 text-stone-700 ring-1 ring-stone-200">
        {account.name
          ? withParts((values) => t('linkConfirmsNamed', values), {
              email: <strong className="break-all">{account.email}</strong>,
              name: <strong>{account.name}</strong>,
            })
          : withParts((values) => t('linkConfirms', values), {
              email: <strong className="break-all">{account.email}</strong>,
            })}
      </p>
      {choosingNew ? (
        <NewPasswordField
          id="confirm-new-password"
          label={t('newPassword')}
          error={errors.password?.message}
          registration={register('password', newPasswordRules(t))}
        />
      ) : (
        <FormField id="confirm-password" label={t('passwordOfAccount')} error={errors.password?.message}>
          <FieldInput
            id="confirm-password"
            error={errors.password?.message}
            type="password"
            autoComplete="current-password"
            {...register('password', { required: t('passwordRequired') })}
          />
        </FormField>
      )}
      {choosingNew && (
        <p className="text-sm text-stone-600">
          {t('everyoneSignedOut')}
        </p>
      )}
      <SubmitButton busy={isSubmitting}>{choosingNew ? t('setAndConfirm') : t('confirmMyEmail')}</SubmitButton>
      <button type="button" onClick={toggle} className="text-sm font-semibold text-brand-700 hover:underline">
        {choosingNew ? t('knowPassword') : t('chooseNewInstead')}
      </button>
    </form>
  );
}
