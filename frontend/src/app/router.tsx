// Every route of docs/product.md ('Screens and routes'). Home is in the main bundle; every
// other page is its own lazily loaded chunk.
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { configQueryOptions } from '@/lib/config/get-config.ts';
import { RequireRole } from './guards.tsx';
import { BUYING } from '@/lib/auth/session-context.ts';
import { DashboardLayout } from './layouts/dashboard-layout.tsx';
import { MainLayout } from './layouts/main-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { lazyPage, loadPageModule } from './lazy-page.ts';
import { RouteError } from './route-error.tsx';
import { DashboardHome } from './routes/dashboard-home.tsx';
import { HomePage } from './routes/home.tsx';
import { NotFoundPage } from './routes/not-found.tsx';

/**
 * A sign-in page's `lazy`, which also asks for the site's config while the page's chunk
 * loads: the Google button then appears with the page, not a moment after it.
 */
function withSiteConfig<T>(queryClient: QueryClient, lazy: () => Promise<T>): () => Promise<T> {
  return () => {
    // A config that cannot be read leaves the Google button disabled: no reason to wait.
    queryClient.query(configQueryOptions()).catch(() => undefined);
    return lazy();
  };
}

/**
 * Where a link from Firebase's mails goes: Firebase names one action page per project,
 * and `mode` says which of ours handles the code.
 */
function firebaseAction(params: URLSearchParams): Response {
  const pages: Record<string, string | undefined> = { verifyEmail: '/verify-email', resetPassword: '/reset-password' };
  const page = pages[params.get('mode') ?? ''];
  return redirect(page ? `${page}?${params.toString()}` : '/login');
}

/** The routes; loaders prefetch into `queryClient`, the cache the pages read. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteError />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'home', element: <HomePage /> },
          {
            path: 'login',
            lazy: withSiteConfig(
              queryClient,
              lazyPage(() => import('@/features/auth/pages/login-page.tsx'), (m) => m.LoginPage),
            ),
          },
          {
            path: 'signup',
            lazy: withSiteConfig(
              queryClient,
              lazyPage(() => import('@/features/auth/pages/signup-page.tsx'), (m) => m.SignupPage),
            ),
          },
          {
            path: 'forgot-password',
            lazy: lazyPage(
              () => import('@/features/auth/pages/forgot-password-page.tsx'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: 'reset-password',
            lazy: lazyPage(() => import('@/features/auth/pages/reset-password-page.tsx'), (m) => m.ResetPasswordPage),
          },
          {
            // Firebase's action page for this site: its mails link here.
            path: 'auth/action',
            loader: ({ request }) => firebaseAction(new URL(request.url).searchParams),
          },
          {
            path: 'verify-email',
            lazy: lazyPage(() => import('@/features/auth/pages/verify-email-page.tsx'), (m) => m.VerifyEmailPage),
          },
          {
            path: 'products',
            lazy: lazyPage(() => import('./routes/listings.tsx'), (m) => m.ListingsPage),
          },
          {
            // A listing's own page: everyone may look; booking asks a visitor to log in.
            path: 'products/:id',
            lazy: async () => {
              const page = await loadPageModule(() => import('@/app/routes/listing.tsx'));
              return { Component: page.ListingPage, loader: page.listingPageLoader(queryClient) };
            },
          },
          {
            path: 'blog',
            lazy: lazyPage(() => import('@/features/blog/pages/blog-page.tsx'), (m) => m.BlogPage),
          },
          {
            // Everyone may browse a category; the page asks visitors to log in to book.
            path: 'category/:id',
            lazy: async () => {
              const page = await loadPageModule(() => import('@/app/routes/category.tsx'));
              return { Component: page.CategoryPage, loader: page.categoryLoader(queryClient) };
            },
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'dashboard',
        // The dashboard's header needs a user; a role's own pages sit under its guard.
        element: <RequireRole />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { index: true, element: <DashboardHome /> },
              {
                element: <RequireRole roles={['admin']} />,
                children: [
                  {
                    path: 'add-category',
                    lazy: lazyPage(
                      () => import('@/features/categories/pages/add-category-page.tsx'),
                      (m) => m.AddCategoryPage,
                    ),
                  },
                  {
                    path: 'all-seller',
                    lazy: lazyPage(() => import('@/features/users/pages/all-sellers-page.tsx'), (m) => m.AllSellersPage),
                  },
                  {
                    // Sellers' ID photos waiting for a decision: Approve or Reject with a reason.
                    path: 'verification-requests',
                    lazy: lazyPage(
                      () => import('@/features/verification/pages/verification-requests-page.tsx'),
                      (m) => m.VerificationRequestsPage,
                    ),
                  },
                  {
                    // Listings waiting before buyers see them: Approve, or Reject with a reason.
                    path: 'listing-reviews',
                    lazy: lazyPage(
                      () => import('@/features/listing-review/pages/listing-reviews-page.tsx'),
                      (m) => m.ListingReviewsPage,
                    ),
                  },
                  {
                    path: 'all-buyer',
                    lazy: lazyPage(() => import('@/features/users/pages/all-buyers-page.tsx'), (m) => m.AllBuyersPage),
                  },
                  {
                    path: 'deals',
                    lazy: lazyPage(() => import('@/features/deals/pages/deals-page.tsx'), (m) => m.DealsPage),
                  },
                  {
                    // One deal's timeline, and settling it.
                    path: 'deals/:id',
                    lazy: lazyPage(() => import('@/features/deals/pages/deal-page.tsx'), (m) => m.DealPage),
                  },
                  {
                    path: 'reported-products',
                    lazy: lazyPage(
                      () => import('@/features/moderation/pages/reported-listings-page.tsx'),
                      (m) => m.ReportedListingsPage,
                    ),
                  },
                  {
                    path: 'reported-conversations',
                    lazy: lazyPage(
                      () => import('@/features/messages/pages/reported-conversations-page.tsx'),
                      (m) => m.ReportedConversationsPage,
                    ),
                  },
                  {
                    // Every admin action on record, newest first, filtered by action.
                    path: 'audit',
                    lazy: lazyPage(() => import('@/features/audit/pages/audit-log-page.tsx'), (m) => m.AuditLogPage),
                  },
                ],
              },
              {
                // A buyer finds "Sell your bike" here: the page makes their account a seller's too.
                element: <RequireRole roles={BUYING} />,
                children: [
                  {
                    path: 'add-product',
                    lazy: lazyPage(() => import('@/features/selling/pages/add-listing-page.tsx'), (m) => m.AddListingPage),
                  },
                ],
              },
              {
                element: <RequireRole roles={['seller']} />,
                children: [
                  {
                    path: 'seller-products',
                    lazy: lazyPage(
                      () => import('@/features/selling/pages/seller-listings-page.tsx'),
                      (m) => m.SellerListingsPage,
                    ),
                  },
                  {
                    path: 'edit-product/:id',
                    lazy: lazyPage(() => import('@/features/selling/pages/edit-listing-page.tsx'), (m) => m.EditListingPage),
                  },
                  {
                    path: 'my-buyers',
                    lazy: lazyPage(() => import('@/features/bookings/pages/my-buyers-page.tsx'), (m) => m.MyBuyersPage),
                  },
                  {
                    // A seller asks to be verified with their ID card's photos.
                    path: 'verification',
                    lazy: lazyPage(
                      () => import('@/features/verification/pages/get-verified-page.tsx'),
                      (m) => m.GetVerifiedPage,
                    ),
                  },
                ],
              },
              {
                element: <RequireRole roles={BUYING} />,
                children: [
                  {
                    path: 'my-orders',
                    lazy: lazyPage(() => import('@/features/bookings/pages/my-bookings-page.tsx'), (m) => m.MyBookingsPage),
                  },
                  {
                    path: 'stripe-payment/:id',
                    lazy: async () => {
                      const page = await loadPageModule(() => import('@/features/payments/pages/payment-page.tsx'));
                      return { Component: page.PaymentPage, loader: page.paymentLoader(queryClient) };
                    },
                  },
                  {
                    path: 'wishlist',
                    lazy: lazyPage(() => import('@/app/routes/wishlist.tsx'), (m) => m.WishlistPage),
                  },
                ],
              },
              {
                path: 'notifications',
                lazy: lazyPage(
                  () => import('@/features/notifications/pages/notifications-page.tsx'),
                  (m) => m.NotificationsPage,
                ),
              },
              {
                // A buyer's and a seller's conversations about bikes, and each one.
                path: 'messages',
                lazy: lazyPage(() => import('@/features/messages/pages/inbox-page.tsx'), (m) => m.InboxPage),
              },
              {
                // Whom the reader blocked, and unblocking them.
                path: 'blocked',
                lazy: lazyPage(() => import('@/features/messages/pages/blocked-page.tsx'), (m) => m.BlockedPage),
              },
              {
                path: 'messages/:id',
                lazy: lazyPage(() => import('@/features/messages/pages/thread-page.tsx'), (m) => m.ThreadPage),
              },
              {
                // A completed deal's receipt: its buyer's, its seller's, or an admin's.
                path: 'receipts/:id',
                lazy: lazyPage(() => import('@/features/bookings/pages/receipt-page.tsx'), (m) => m.ReceiptPage),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
}
