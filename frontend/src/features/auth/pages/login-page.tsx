import { AuthCard } from '@/features/auth/components/auth-card.tsx';
import { LoginForm } from '@/features/auth/components/login-form.tsx';

export function LoginPage() {
  return (
    <AuthCard title="Login" subtitle="Welcome back! Sign in to book bikes and manage your listings.">
      <LoginForm />
    </AuthCard>
  );
}
