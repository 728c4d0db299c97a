import { useSession } from '@/lib/auth/session-context.ts';

/** /dashboard itself: a greeting; the side panel holds the sections. */
export function DashboardHome() {
  const { user } = useSession();
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-stone-900">Welcome back{user ? `, ${user.name}` : ''}</h2>
      <p className="mt-1 text-stone-600">Choose a section from the menu to get started.</p>
    </section>
  );
}
