import { useT } from '@/lib/i18n/language-context.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';
import { AuthCard } from '@/features/auth/components/auth-card.tsx';
import { SignupForm } from '@/features/auth/components/signup-form.tsx';

export function SignupPage() {
  const t = useT(authMessages);
  return (
    <AuthCard title={t('signupTitle')} subtitle={t('signupSubtitle')}>
      <SignupForm />
    </AuthCard>
  );
}
