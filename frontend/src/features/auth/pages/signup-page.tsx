import { AuthCard } from '@/features/auth/components/auth-card.tsx';
import { SignupForm } from '@/features/auth/components/signup-form.tsx';

export function SignupPage() {
  return (
    <AuthCard title="Sign Up" subtitle="Create your free account to buy or sell a used motorcycle.">
      <SignupForm />
    </AuthCard>
  );
}
