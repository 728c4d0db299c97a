// Where /login and /signup send the user after success: the page a guard turned them
// away from, or the homepage.

/** Router state set by the guards on their way to /login. */
export interface FromState {
  from?: { pathname: string; search?: string };
}

export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  if (from.pathname === '/login' || from.pathname === '/signup') return '/';
  return from.pathname + (from.search ?? '');
}
