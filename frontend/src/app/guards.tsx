// Route guards (docs/product.md, 'Screens and routes'): a spinner while the session
// loads; anyone not signed in, or signed in with another role, goes to /login, which
// remembers where they came from.
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import type { Role } from '@/lib/api/types.ts';
import type { FromState } from '@/lib/auth/return-path.ts';
import { useSession } from '@/lib/auth/session-context.ts';

function ToLogin() {
  const location = useLocation();
  const state: FromState = { from: { pathname: location.pathname, search: location.search } };
  return <Navigate to="/login" replace state={state} />;
}

/** Renders the child routes for a signed-in user of one of `roles` (any role when omitted). */
export function RequireRole({ roles }: { roles?: readonly Role[] }) {
  const session = useSession();
  if (session.status === 'loading') return <PageSpinner label="Checking your session" />;
  if (session.status === 'signed-out') return <ToLogin />;
  if (roles && !(session.role && roles.includes(session.role))) return <ToLogin />;
  return <Outlet />;
}
