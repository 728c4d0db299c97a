import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';

/**
 * A field for choosing a password (sign-up, a reset, confirming an address with a new
 * one). `registration` is `register(…, newPasswordRules)`, written at the call site.
 */
export function NewPasswordField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const t = useT(authMessages);
  return (
    <FormField id={id} label={label} error={error}>
      <FieldInput
        id={id}
        error={error}
        type="password"
        autoComplete="new-password"
        placeholder={t('newPasswordPlaceholder')}
        {...registration}
      />
    </FormField>
  );
}
