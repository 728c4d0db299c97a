import { GoogleIcon } from '../../../components/icons.tsx';

/**
 * Spec §2 shows "Sign in with Google". It needs Firebase, which this server does not
 * have configured yet, so the button is shown but disabled with the reason beside it.
 */
export function GoogleSignIn() {
  return (
    <div>
      <div className="my-6 flex items-center gap-3 text-sm text-stone-500">
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <button
        type="button"
        disabled
        aria-describedby="google-unavailable"
        className="flex w-full items-center justify-center gap-3 rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-semibold text-stone-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <GoogleIcon className="size-5" />
        Sign in with Google
      </button>
      <p id="google-unavailable" className="mt-2 text-center text-xs text-stone-500">
        Google sign-in isn&apos;t set up on this server yet — please use your email.
      </p>
    </div>
  );
}
