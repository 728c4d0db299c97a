// The sign-in module: the two steps of docs/identity.md, the stored access token, and the role
// fetched from `GET /api/users/{email}` (cache key `users`).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import type { Session } from '@/lib/api/types.ts';
import { uploadImage } from '@/lib/api/upload-image.ts';
import { firebaseSettings } from '@/lib/config/get-config.ts';
import { forgetSignedInData } from '@/lib/query-keys.ts';
import { initialLocale } from '@/lib/i18n/locale.ts';
import { firebaseLogIn, firebaseSignOut, firebaseSignUp } from '@/lib/firebase/firebase-password.ts';
import { exchangeToken } from './exchange-token.ts';
import { useUser } from './get-user.ts';
import { keepSession } from './keep-session.ts';
import { logIn as proveCredentials } from './log-in.ts';
import { SessionContext, toRole, type SessionValue, type SignUpDetails } from './session-context.ts';
import { logOut } from './log-out.ts';
import {
  clearSession,
  getAccessToken,
  getStoredSession,
  subscribeToSession,
} from './session-store.ts';
import { signUp as createAccount } from './sign-up.ts';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const stored = useSyncExternalStore(subscribeToSession, getStoredSession, () => null);
  const email = stored?.email ?? null;
  const userQuery = useUser(email);
  const [busy, setBusy] = useState(false);

  // A stored session the server no longer knows (user deleted) is dropped.
  const gone = userQuery.error instanceof ApiError && userQuery.error.status === 404;
  useEffect(() => {
    if (gone) clearSession();
  }, [gone]);

  const finish = useCallback((session: Session) => keepSession(queryClient, session), [queryClient]);

  const firebase = useCallback(() => firebaseSettings(queryClient), [queryClient]);

  const logIn = useCallback(
    async (emailAddress: string, password: string) => {
      setBusy(true);
      try {
        const config = await firebase();
        // With Firebase on, accounts made before it still sign in with the built-in provider.
        const idToken =
          (config ? await firebaseLogIn(config, emailAddress, password) : null) ??
          (await proveCredentials({ email: emailAddress, password }));
        const session = await exchangeToken(idToken, emailAddress, { email: emailAddress });
        return finish(session);
      } finally {
        setBusy(false);
      }
    },
    [finish, firebase],
  );

  const signUp = useCallback(
    async ({ name, photo, email: emailAddress, password, role }: SignUpDetails) => {
      setBusy(true);
      try {
        const config = await firebase();
        const idToken = config
          ? await firebaseSignUp(config, emailAddress, password)
          : await createAccount({ email: emailAddress, password });
        const image = await uploadImage(photo, idToken);
        const session = await exchangeToken(idToken, emailAddress, {
          name,
          email: emailAddress,
          image,
          role,
          // The language the page was read in before signing up becomes the account's.
          language: initialLocale(),
        });
        return finish(session);
      } finally {
        setBusy(false);
      }
    },
    [finish, firebase],
  );

  const signOut = useCallback(() => {
    const token = getAccessToken();
    if (token) void logOut(token);
    clearSession();
    // What was read with the session (profiles, bookings, listings with sellers'
    // contact details) is not for whoever uses this browser next.
    forgetSignedInData(queryClient);
    // Firebase remembers its user in this browser too; forget it as well.
    void firebaseSettings(queryClient)
      .then((config) => config && firebaseSignOut(config))
      .catch(() => undefined);
  }, [queryClient]);

  const value = useMemo<SessionValue>(() => {
    const user = email ? (userQuery.data ?? null) : null;
    let status: SessionValue['status'] = 'signed-out';
    if (email && user) status = 'signed-in';
    else if (email && userQuery.isPending) status = 'loading';
    return {
      status,
      user: status === 'signed-in' ? user : null,
      role: status === 'signed-in' && user ? toRole(user.role) : null,
      busy,
      logIn,
      signUp,
      signOut,
    };
  }, [email, userQuery.data, userQuery.isPending, busy, logIn, signUp, signOut]);

  return <SessionContext value={value}>{children}</SessionContext>;
}
