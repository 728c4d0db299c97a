// The marketplace's name and how to reach it: the same in both languages.

export const BRAND = 'BikeHaat';
/** The two halves of the name, as the logo sets them. */
export const BRAND_PARTS = ['Bike', 'Haat'] as const;
export const SUPPORT_PHONE = '+880 1700-000000';
export const SUPPORT_PHONE_LINK = 'tel:+8801700000000';
export const SUPPORT_EMAIL = 'support@bikehaat.com.bd';
