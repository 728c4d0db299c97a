import { Outlet, useNavigation } from 'react-router';
import { SiteFooter } from '@/components/site-footer.tsx';
import { PageSpinner } from '@/components/spinner.tsx';
import { TopNav } from './top-nav.tsx';

/** The public side: top navigation, the page, the footer. */
export function MainLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <TopNav />
      <main id="main" className="flex-1">
        {navigation.state === 'loading' ? <PageSpinner /> : <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
