// The password rules and messages of docs/product.md ('Forms and their messages'), shared by
// sign-up and choosing a new password; the server checks the same rules with the same words.

/** An uppercase letter, a lowercase letter, a digit and a special character. */
const PASSWORD_RULE = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).*$/;

/** react-hook-form rules for a new password. */
export const newPasswordRules = {
  required: 'Please Provide a Password',
  minLength: { value: 6, message: 'Password must be 6 characters or more' },
  pattern: {
    value: PASSWORD_RULE,
    message: 'Capital & Small Letter, Number & Special Character is required',
  },
} as const;
