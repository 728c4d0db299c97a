import { AuthCard } from '../components/auth-card.tsx';
import { SignupForm } from '../components/signup-form.tsx';

export function SignupPage() {
  return (
    <AuthCard title="Sign Up" subtitle="Create your free account to buy or sell a used motorcycle.">
      <SignupForm />
    </AuthCard>
  );
}
