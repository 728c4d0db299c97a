// The end of every sign-in: the access token and the signed-in e-mail are stored, and
// the user the server answered with goes into the cache the pages read.
import type { QueryClient } from '@tanstack/react-query';
import type { Session, User } from '@/lib/api/types.ts';
import { userQueryOptions } from './get-user.ts';
import { logOut } from './log-out.ts';
import { getAccessToken, saveSession } from './session-store.ts';

export function keepSession(queryClient: QueryClient, session: Session): User {
  queryClient.setQueryData(userQueryOptions(session.user.email).queryKey, session.user);
  const previous = getAccessToken();
  saveSession({ token: session.token, email: session.user.email });
  // A session this one replaces (signing in again to refresh the profile) is ended.
  if (previous && previous !== session.token) void logOut(previous);
  return session.user;
}
