import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client.ts';
import { firebaseSettings } from '@/lib/config/get-config.ts';
import { firebaseCode } from '@/lib/firebase/firebase-auth.ts';
import { firebaseResetEmail, firebaseResetPassword } from '@/lib/firebase/firebase-password.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';
import { LinkGone, linkProblemOf, type LinkProblem } from '@/features/auth/utils/link-gone.ts';
import { resetPassword } from '@/features/auth/api/reset-password.ts';
import { AuthCard } from '@/features/auth/components/auth-card.tsx';
import { SubmitButton } from '@/features/auth/components/submit-button.tsx';
import { NewPasswordField } from '@/features/auth/components/new-password-field.tsx';
import { newPasswordRules } from '@/features/auth/utils/password-rules.ts';

interface ResetFields {
  password: string;
}

/**
 * Which link brought the person here: the built-in provider's mail (`?token=`), or
 * Firebase's (`?mode=resetPassword&oobCode=`, this page being the site's action page).
 */
function linkFrom(params: URLSearchParams): { token: string } | { firebaseCode: string } | null {
  const oobCode = params.get('oobCode');
  if (oobCode && params.get('mode') === 'resetPassword') return { firebaseCode: oobCode };
  const token = params.get('token');
  return token ? { token } : null;
}

const LINK_CODES = new Set(['auth/expired-action-code', 'auth/invalid-action-code']);

/** The page a password-reset mail links to: choose a new password, then log in with it. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const link = linkFrom(params);
  const firebaseLink = link && 'firebaseCode' in link ? link.firebaseCode : null;
  const navigate = useNavigate();
  const t = useT(authMessages);
  const queryClient = useQueryClient();
  const [linkProblem, setLinkProblem] = useState<LinkProblem | null>(link ? null : 'gone');
  const [account, setAccount] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetFields>();

  // Firebase says at once whether its link still works, and for which address.
  useEffect(() => {
    if (!firebaseLink) return;
    let current = true;
    firebaseSettings(queryClient)
      .then((firebase) => {
        if (!firebase) throw new LinkGone();
        return firebaseResetEmail(firebase, firebaseLink);
      })
      .then(
        (email) => {
          if (current) setAccount(email);
        },
        (error: unknown) => {
          if (current) setLinkProblem(linkProblemOf(error));
        },
      );
    return () => {
      current = false;
    };
  }, [firebaseLink, queryClient]);

  const onSubmit = async ({ password }: ResetFields) => {
    if (!link) return;
    try {
      let email: string;
      if ('token' in link) {
        ({ email } = await resetPassword(link.token, password));
      } else {
        const firebase = await firebaseSettings(queryClient);
        if (!firebase) throw new LinkGone();
        email = await firebaseResetPassword(firebase, link.firebaseCode, password);
      }
      toast.success(t('passwordChanged'));
      await navigate('/login', { replace: true, state: { email } });
    } catch (error) {
      const code = firebaseCode(error instanceof Error ? error.cause : null);
      if (error instanceof ApiError && error.fields.password) {
        setError('password', { message: error.fields.password });
      } else if (code === 'auth/weak-password' && error instanceof Error) {
        setError('password', { message: error.message });
      } else if ((error instanceof ApiError && error.status === 400) || (code && LINK_CODES.has(code))) {
        setLinkProblem(linkProblemOf(error));
      } else {
        toast.error(
          error instanceof LinkGone ? t('linkGone') : error instanceof Error ? error.message : t('changeFailed'),
        );
      }
    }
  };

  return (
    <AuthCard
      title={t('resetTitle')}
      subtitle={account ? t('resetSubtitleFor', { account }) : t('resetSubtitle')}
    >
      {linkProblem ? (
        <div role="alert" className="space-y-4">
          <p className="rounded-lg bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
            {linkProblem === 'gone' ? t('linkGone') : linkProblem.message}
          </p>
          <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
            {t('askNewLink')}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
          <NewPasswordField
            id="reset-password"
            label={t('newPassword')}
            error={errors.password?.message}
            registration={register('password', newPasswordRules(t))}
          />
          <SubmitButton busy={isSubmitting}>{t('saveNewPassword')}</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
