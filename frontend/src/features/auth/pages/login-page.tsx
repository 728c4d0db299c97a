import { useT } from '@/lib/i18n/language-context.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';
import { AuthCard } from '@/features/auth/components/auth-card.tsx';
import { LoginForm } from '@/features/auth/components/login-form.tsx';

export function LoginPage() {
  const t = useT(authMessages);
  return (
    <AuthCard title={t('loginTitle')} subtitle={t('loginSubtitle')}>
      <LoginForm />
    </AuthCard>
  );
}
