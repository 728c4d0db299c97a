import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';

export function LoginPage() {
  return (
    <AuthCard title="Login" subtitle="Welcome back! Sign in to book bikes and manage your listings.">
      <LoginForm />
    </AuthCard>
  );
}
