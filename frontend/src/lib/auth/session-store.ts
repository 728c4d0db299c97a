// Where the session lives between page loads: the access token and the signed-in e-mail,
// in localStorage.
// A tiny external store so React (useSyncExternalStore) and the API client agree.

export const ACCESS_TOKEN_KEY = 'access-token';
export const EMAIL_KEY = 'user-email';

export interface StoredSession {
  token: string;
  email: string;
}

const listeners = new Set<() => void>();
let cached: StoredSession | null = null;

/**
 * The stored session, read fresh each time but answered as the same object while it is
 * unchanged (useSyncExternalStore needs a stable snapshot).
 */
export function getStoredSession(): StoredSession | null {
  let token: string | null = null;
  let email: string | null = null;
  try {
    token = localStorage.getItem(ACCESS_TOKEN_KEY);
    email = localStorage.getItem(EMAIL_KEY);
  } catch {
    // storage disabled (private mode): nobody is signed in
  }
  if (!token || !email) {
    cached = null;
  } else if (cached?.token !== token || cached.email !== email) {
    cached = { token, email };
  }
  return cached;
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return getStoredSession()?.token ?? null;
}

export function saveSession(session: StoredSession): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, session.token);
  localStorage.setItem(EMAIL_KEY, session.email);
  emit();
}

export function clearSession(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(EMAIL_KEY);
  } finally {
    emit();
  }
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === EMAIL_KEY) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
