import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp, type FakeServer } from '@/test/render-app.tsx';

// The Firebase client stands in for Google: its pop-up answers with this account.
const firebase = vi.hoisted(() => ({
  initializeApp: vi.fn((options: object) => ({ name: '[DEFAULT]', options })),
  getAuth: vi.fn(() => ({ emulatorConfig: null, currentUser: null, authStateReady: () => Promise.resolve() })),
  connectAuthEmulator: vi.fn(),
  signInWithPopup: vi.fn(),
  signOut: vi.fn(() => Promise.resolve()),
}));

vi.mock('firebase/app', () => ({
  initializeApp: firebase.initializeApp,
  getApps: () => [],
  getApp: vi.fn(),
}));

vi.mock('firebase/auth', () => ({
  getAuth: firebase.getAuth,
  connectAuthEmulator: firebase.connectAuthEmulator,
  signInWithPopup: firebase.signInWithPopup,
  signOut: firebase.signOut,
  GoogleAuthProvider: class GoogleAuthProvider {
    readonly providerId = 'google.com';
  },
}));

const googleUser = {
  email: 'nusrat@gmail.com',
  displayName: 'Nusrat Jahan',
  photoURL: 'https://lh3.googleusercontent.com/a/nusrat.jpg',
  getIdToken: () => Promise.resolve('firebase-id-token'),
};

const user = { _id: '9', name: 'Nusrat Jahan', email: 'nusrat@gmail.com', image: googleUser.photoURL, role: 'buyer' };

const google = { apiKey: 'AIzaSy-web-key', authDomain: 'bikehaat-demo.firebaseapp.com', projectId: 'bikehaat-demo' };

function server(config: unknown, more: FakeServer = {}) {
  return fakeServer({
    'GET /api/config': [200, config],
    'GET /api/categories': [200, []],
    'GET /api/advertise': [200, []],
    ...more,
  });
}

const withGoogle = (extra: object = {}) => ({
  signIn: { firebase: { ...google, ...extra } },
  payments: { provider: 'test' },
});

beforeEach(() => {
  vi.clearAllMocks();
});

describe('Sign in with Google', () => {
  it('is not shown when the server has no Firebase', async () => {
    server({ signIn: { firebase: null }, payments: { provider: 'test' } });
    renderApp('/login');

    // The page renders once its loader has read the server's settings.
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText(/set up on this server/)).not.toBeInTheDocument();
    expect(firebase.initializeApp).not.toHaveBeenCalled();
  });

  it('is not shown when the server cannot say', async () => {
    fakeServer({ 'GET /api/config': [500, { error: 'internal', message: 'Something went wrong.' }] });
    renderApp('/login');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('is offered when Firebase is configured, and loads Firebase only on click', async () => {
    server(withGoogle());
    renderApp('/login');

    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/isn't set up on this server yet/)).not.toBeInTheDocument();
    expect(firebase.initializeApp).not.toHaveBeenCalled();
  });

  it('signs in as a buyer with the Google name and photo and says Login Successful With Google', async () => {
    firebase.signInWithPopup.mockResolvedValue({ user: googleUser });
    const fetchMock = server(withGoogle(), {
      'PUT /api/users/nusrat%40gmail.com': [200, { token: 'access', user }],
      'GET /api/users/nusrat%40gmail.com': [200, user],
    });
    const { router } = renderApp('/login');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    expect(await screen.findByText('Login Successful With Google')).toBeInTheDocument();
    expect(firebase.initializeApp).toHaveBeenCalledWith(google);
    expect(firebase.connectAuthEmulator).not.toHaveBeenCalled();
    const exchange = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/users/nusrat%40gmail.com' && init?.method === 'PUT',
    );
    expect(new Headers(exchange?.[1]?.headers).get('Authorization')).toBe('Bearer firebase-id-token');
    expect(JSON.parse(exchange?.[1]?.body as string)).toEqual({
      name: 'Nusrat Jahan',
      email: 'nusrat@gmail.com',
      image: 'https://lh3.googleusercontent.com/a/nusrat.jpg',
      role: 'buyer',
    });
    expect(localStorage.getItem('access-token')).toBe('access');
    expect(localStorage.getItem('user-email')).toBe('nusrat@gmail.com');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(firebase.signOut).toHaveBeenCalled();
  });

  it('returns to the page the user came from', async () => {
    firebase.signInWithPopup.mockResolvedValue({ user: googleUser });
    server(withGoogle(), {
      'PUT /api/users/nusrat%40gmail.com': [200, { token: 'access', user }],
      'GET /api/users/nusrat%40gmail.com': [200, user],
      'GET /api/orders/nusrat%40gmail.com': [200, []],
    });
    const { router } = renderApp('/dashboard/my-orders');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    expect(await screen.findByText('Login Successful With Google')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/my-orders');
    });
  });

  it('talks to the Auth emulator when the server trusts one', async () => {
    firebase.signInWithPopup.mockResolvedValue({ user: googleUser });
    server(withGoogle({ emulatorHost: '127.0.0.1:9099' }), {
      'PUT /api/users/nusrat%40gmail.com': [200, { token: 'access', user }],
      'GET /api/users/nusrat%40gmail.com': [200, user],
    });
    renderApp('/login');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    expect(await screen.findByText('Login Successful With Google')).toBeInTheDocument();
    expect(firebase.connectAuthEmulator).toHaveBeenCalledWith(expect.anything(), 'http://127.0.0.1:9099', {
      disableWarnings: true,
    });
  });

  it('shows the server’s refusal as an error toast and stays signed out', async () => {
    firebase.signInWithPopup.mockResolvedValue({ user: googleUser });
    server(withGoogle(), {
      'PUT /api/users/nusrat%40gmail.com': [409, { error: 'conflict', message: 'This email address is already registered.' }],
    });
    renderApp('/login');

    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    await userEvent.click(button);

    expect(await screen.findByText('This email address is already registered.')).toBeInTheDocument();
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(button).toBeEnabled();
  });

  it('says nothing when the person closes the Google window', async () => {
    firebase.signInWithPopup.mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/popup-closed-by-user).'), { code: 'auth/popup-closed-by-user' }),
    );
    const fetchMock = server(withGoogle());
    renderApp('/login');

    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    await userEvent.click(button);

    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    expect(screen.queryByText(/popup-closed-by-user/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('names the Firebase error code instead of Firebase’s own wording', async () => {
    firebase.signInWithPopup.mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/internal-error).'), { code: 'auth/internal-error' }),
    );
    server(withGoogle());
    renderApp('/login');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    expect(await screen.findByText('Google sign-in failed (auth/internal-error). Please try again.')).toBeInTheDocument();
  });

  it('explains a blocked pop-up', async () => {
    firebase.signInWithPopup.mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/popup-blocked).'), { code: 'auth/popup-blocked' }),
    );
    server(withGoogle());
    renderApp('/login');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    expect(
      await screen.findByText(
        'Your browser blocked the Google sign-in window. Please allow pop-ups for this site and try again.',
      ),
    ).toBeInTheDocument();
  });
});
