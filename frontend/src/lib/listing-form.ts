// Which form of the listings this browser reads: with an access token the signed-in form
// (sellers' contact details for those allowed them), without one the public form. Kept
// in every listing's cache key, so signing in reads them again.
import { getAccessToken } from '@/lib/auth/session-store.ts';
import type { ListingForm } from '@/lib/query-keys.ts';

export function currentForm(): ListingForm {
  return getAccessToken() ? 'member' : 'public';
}
