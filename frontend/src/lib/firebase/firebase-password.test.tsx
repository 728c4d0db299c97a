// The pages' e-mail/password flows when Firebase signs people in. The Firebase SDK stands
// in for Google's servers here; e2e/journeys/identity-firebase.e2e.ts runs the same
// flows against the real Auth emulator.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bearerOf, callsOf, fakeServer, renderApp, type FakeServer } from '@/test/render-app.tsx';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

const sdk = vi.hoisted(() => {
  const auth = {
    emulatorConfig: null,
    currentUser: null as null | object,
    authStateReady: () => Promise.resolve(),
  };
  return {
    auth,
    getAuth: vi.fn(() => auth),
    connectAuthEmulator: vi.fn(),
    signInWithEmailAndPassword: vi.fn(),
    createUserWithEmailAndPassword: vi.fn(),
    sendEmailVerification: vi.fn(() => Promise.resolve()),
    sendPasswordResetEmail: vi.fn(() => Promise.resolve()),
    verifyPasswordResetCode: vi.fn(),
    confirmPasswordReset: vi.fn(() => Promise.resolve()),
    applyActionCode: vi.fn(() => Promise.resolve()),
    signOut: vi.fn(() => Promise.resolve()),
  };
});

vi.mock('firebase/app', () => ({ initializeApp: vi.fn(() => ({})), getApps: () => [], getApp: vi.fn() }));
vi.mock('firebase/auth', () => ({ ...sdk, GoogleAuthProvider: class {
    readonly providerId = 'google.com';
  },
}));

const firebase = { apiKey: 'AIzaSy-web-key', authDomain: 'bikehaat-demo.firebaseapp.com', projectId: 'bikehaat-demo' };
const karim = { _id: '9', name: 'Karim', email: 'karim@example.com', image: '/uploads/k.png', role: 'seller' };

function firebaseUser(emailVerified = false) {
  return {
    email: 'karim@example.com',
    emailVerified,
    getIdToken: vi.fn(() => Promise.resolve('firebase-id-token')),
    reload: vi.fn(() => Promise.resolve()),
  };
}

function server(more: FakeServer = {}) {
  return fakeServer({
    'GET /api/config': [200, { signIn: { firebase }, payments: { provider: 'test' } }],
    'GET /api/categories': [200, []],
    'GET /api/advertise': [200, []],
    'GET /api/users/karim%40example.com': [200, { ...karim, emailVerified: false }],
    ...more,
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  sdk.auth.currentUser = null;
});

describe('with Firebase on', () => {
  it('logs in through Firebase and trades its ID token for a session', async () => {
    sdk.signInWithEmailAndPassword.mockResolvedValue({ user: firebaseUser(true) });
    const fetchMock = server({ 'PUT /api/users/karim%40example.com': [200, { token: 'access', user: karim }] });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'karim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(sdk.signInWithEmailAndPassword).toHaveBeenCalledWith(sdk.auth, 'karim@example.com', 'Secret#1');
    expect(bearerOf(fetchMock, 'PUT /api/users/karim%40example.com')).toBe('Bearer firebase-id-token');
    expect(callsOf(fetchMock)).not.toContain('POST /api/auth/login');
  });

  it('lets an account made before Firebase log in with the built-in provider', async () => {
    sdk.signInWithEmailAndPassword.mockRejectedValue(firebaseError('auth/invalid-credential'));
    const fetchMock = server({
      'POST /api/auth/login': [200, { idToken: 'built-in-identity' }],
      'PUT /api/users/karim%40example.com': [200, { token: 'access', user: karim }],
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'karim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(bearerOf(fetchMock, 'PUT /api/users/karim%40example.com')).toBe('Bearer built-in-identity');
  });

  it('says why Firebase refused, in words', async () => {
    sdk.signInWithEmailAndPassword.mockRejectedValue(firebaseError('auth/too-many-requests'));
    const fetchMock = server();
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'karim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    // In the toast and above the Login button, where it stays.
    expect(await screen.findAllByText('Too many attempts. Please wait a few minutes and try again.')).toHaveLength(2);
    expect(callsOf(fetchMock)).not.toContain('POST /api/auth/login');
  });

  it('signs up with Firebase, sends its verification mail, and uploads the photo with its token', async () => {
    const user = firebaseUser();
    sdk.createUserWithEmailAndPassword.mockResolvedValue({ user });
    const fetchMock = server({
      'POST /api/uploads': [200, { success: true, data: { display_url: '/uploads/k.png' } }],
      'PUT /api/users/karim%40example.com': [200, { token: 'access', user: karim }],
    });
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Name'), 'Karim');
    await userEvent.upload(screen.getByLabelText('Photo'), new File(['png'], 'me.png', { type: 'image/png' }));
    await userEvent.type(screen.getByLabelText('Email'), 'karim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(screen.getByLabelText('As a Seller'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Successfully Created Your seller Account')).toBeInTheDocument();
    expect(sdk.sendEmailVerification).toHaveBeenCalledWith(user, { url: `${window.location.origin}/verify-email` });
    expect(bearerOf(fetchMock, 'POST /api/uploads')).toBe('Bearer firebase-id-token');
    expect(callsOf(fetchMock)).not.toContain('POST /api/auth/signup');
  });

  it('finishes a sign-up that was cut off, and refuses someone else’s address', async () => {
    sdk.createUserWithEmailAndPassword.mockRejectedValue(firebaseError('auth/email-already-in-use'));
    sdk.signInWithEmailAndPassword.mockRejectedValue(firebaseError('auth/invalid-credential'));
    server();
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Name'), 'Karim');
    await userEvent.upload(screen.getByLabelText('Photo'), new File(['png'], 'me.png', { type: 'image/png' }));
    await userEvent.type(screen.getByLabelText('Email'), 'karim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('An account with this email address already exists.')).toBeInTheDocument();
    expect(sdk.signInWithEmailAndPassword).toHaveBeenCalledWith(sdk.auth, 'karim@example.com', 'Secret#1');
  });

  it('resends Firebase’s verification mail to the Firebase user of this browser', async () => {
    const user = firebaseUser();
    sdk.auth.currentUser = user;
    localStorage.setItem('access-token', 'access');
    localStorage.setItem('user-email', 'karim@example.com');
    const fetchMock = server();
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('We sent a new link to karim@example.com.')).toBeInTheDocument();
    expect(sdk.sendEmailVerification).toHaveBeenCalledWith(user, expect.anything());
    expect(callsOf(fetchMock)).not.toContain('POST /api/auth/resend-verification');
  });

  it('asks both Firebase and the built-in provider for a reset link', async () => {
    const fetchMock = server({ 'POST /api/auth/forgot-password': [202, { message: 'Check your inbox.' }] });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'karim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your inbox.')).toBeInTheDocument();
    expect(sdk.sendPasswordResetEmail).toHaveBeenCalledWith(sdk.auth, 'karim@example.com', {
      url: `${window.location.origin}/login`,
    });
    expect(callsOf(fetchMock)).toContain('POST /api/auth/forgot-password');
  });

  it('answers an unknown address like a known one', async () => {
    sdk.sendPasswordResetEmail.mockRejectedValueOnce(firebaseError('auth/user-not-found'));
    server({ 'POST /api/auth/forgot-password': [202, { message: 'Check your inbox.' }] });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your inbox.')).toBeInTheDocument();
  });

  it('sets the new password from Firebase’s link and signs out every session', async () => {
    sdk.verifyPasswordResetCode.mockResolvedValue('karim@example.com');
    sdk.signInWithEmailAndPassword.mockResolvedValue({ user: firebaseUser(true) });
    const fetchMock = server({ 'POST /api/auth/logout-everywhere': [204, undefined] });
    const { router } = renderApp('/auth/action?mode=resetPassword&oobCode=CODE&lang=en');

    expect(await screen.findByText('For karim@example.com. Choosing one signs you out on every device.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'Chattogram#2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Your password is changed. Please log in.')).toBeInTheDocument();
    expect(sdk.confirmPasswordReset).toHaveBeenCalledWith(sdk.auth, 'CODE', 'Chattogram#2027');
    expect(bearerOf(fetchMock, 'POST /api/auth/logout-everywhere')).toBe('Bearer firebase-id-token');
    expect(sdk.signOut).toHaveBeenCalled();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    // The login page is its own chunk: its form appears once that has loaded.
    expect(await screen.findByLabelText('Email')).toHaveValue('karim@example.com');
  });

  it('says at once when Firebase’s reset link is spent', async () => {
    sdk.verifyPasswordResetCode.mockRejectedValue(firebaseError('auth/invalid-action-code'));
    server();
    renderApp('/reset-password?mode=resetPassword&oobCode=SPENT');
    expect(
      await screen.findByText('This link is no longer valid: it has expired or was already used. Ask for a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('confirms the address from Firebase’s link and tells the server at once', async () => {
    const user = firebaseUser(true);
    sdk.auth.currentUser = user;
    const fetchMock = server({
      'PUT /api/users/karim%40example.com': [200, { token: 'fresh', user: { ...karim, emailVerified: true } }],
    });
    renderApp('/auth/action?mode=verifyEmail&oobCode=CODE');

    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(sdk.applyActionCode).toHaveBeenCalledTimes(1);
    expect(user.getIdToken).toHaveBeenCalledWith(true);
    expect(bearerOf(fetchMock, 'PUT /api/users/karim%40example.com')).toBe('Bearer firebase-id-token');
    expect(localStorage.getItem('access-token')).toBe('fresh');
  });

  it('confirms the address for someone signed in on another device, who logs in next', async () => {
    const fetchMock = server();
    renderApp('/verify-email?mode=verifyEmail&oobCode=OTHER');
    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(callsOf(fetchMock).some((call) => call.startsWith('PUT '))).toBe(false);
  });
});
