// The password rules and messages of docs/product.md ('Forms and their messages'), shared by
// sign-up and choosing a new password; the server checks the same rules with the same words.
import type { authMessages } from '@/features/auth/auth.messages.ts';

/** An uppercase letter, a lowercase letter, a digit and a special character. */
const PASSWORD_RULE = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).*$/;

type AuthText = (key: keyof typeof authMessages.en) => string;

/** react-hook-form rules for a new password, with the messages in the page's language. */
export function newPasswordRules(t: AuthText) {
  return {
    required: t('passwordNeeded'),
    minLength: { value: 6, message: t('passwordTooShort') },
    pattern: { value: PASSWORD_RULE, message: t('passwordPattern') },
  } as const;
}
