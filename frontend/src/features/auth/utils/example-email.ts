/** The sample address shown in an empty e-mail field: the same in both languages. */
export const EXAMPLE_EMAIL = 'you@example.com';
