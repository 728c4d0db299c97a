// The end of the log-in and sign-up forms: Google's button where Google sign-in is set up,
// and the link to the other form, which keeps where the reader was going.
import { Link, useLocation } from 'react-router';
import { GoogleSignIn } from './google-sign-in.tsx';

export function OtherWayIn({ prompt, to, label }: { prompt: string; to: '/login' | '/signup'; label: string }) {
  const location = useLocation();
  return (
    <>
      <GoogleSignIn />
      <p className="mt-6 text-center text-sm text-stone-600">
        {prompt}{' '}
        <Link to={to} state={location.state as unknown} className="font-semibold text-brand-700 hover:underline">
          {label}
        </Link>
      </p>
    </>
  );
}
