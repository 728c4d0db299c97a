import { Outlet } from 'react-router';
import { usePageChange } from './use-page-change.ts';
import { SiteFooter } from '@/components/site-footer.tsx';
import { PageSpinner } from '@/components/spinner.tsx';
import { TopNav } from './top-nav.tsx';

/** The public side: top navigation, the page, the footer. */
export function MainLayout() {
  const changing = usePageChange();
  return (
    <div className="flex min-h-screen flex-col">
      <TopNav />
      <main id="main" className="flex-1">
        {changing ? <PageSpinner /> : <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
