// The session's React context, apart from its provider so both stay fast-refresh friendly.
import { createContext, useContext } from 'react';
import type { Role, User } from '@/lib/api/types.ts';

export interface SignUpDetails {
  name: string;
  photo: File;
  email: string;
  password: string;
  role: 'buyer' | 'seller';
}

export interface SessionValue {
  /** loading: a stored session is being checked with the server. */
  status: 'loading' | 'signed-in' | 'signed-out';
  user: User | null;
  role: Role | null;
  /** True while a sign-in or sign-up is under way. */
  busy: boolean;
  logIn: (email: string, password: string) => Promise<User>;
  signUp: (details: SignUpDetails) => Promise<User>;
  signOut: () => void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider> above it');
  return session;
}

/** Any role other than admin or seller counts as buyer (docs/product.md, 'Who uses it'). */
export function toRole(role: string): Role {
  return role === 'admin' || role === 'seller' ? role : 'buyer';
}

/** The roles that book, save and ask about bikes: buyers, and sellers too (never their own bikes). */
export const BUYING: readonly Role[] = ['buyer', 'seller'];

export function canBuy(role: Role | null): boolean {
  return role !== null && BUYING.includes(role);
}
