// The route table (spec section 2). Every screen but the shell is loaded on demand: a feature's
// page module is its own chunk, fetched when its route is first visited. A feature adds its lines
// here and nowhere else.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from '../components/Layout';
import { Loading } from '../components/Status';
import { RouteError } from './RouteError';

/** A route whose component is the named export `name` of a lazily imported module. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => ({ Component: (await load())[name] as ComponentType }),
  };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: (
      <Layout>
        <RouteError />
      </Layout>
    ),
    // The first load waits for its page's chunk: the shell shows meanwhile (and React Router has
    // its fallback, so it no longer warns of a missing HydrateFallback on every load).
    hydrateFallbackElement: (
      <Layout>
        <Loading />
      </Layout>
    ),
    children: [
      // A visitor's landing page; a member's dashboard (features/landing/LandingPage.tsx loads it on demand).
      { index: true, ...lazyPage(() => import('../features/landing/LandingPage'), 'HomePage') },
      { path: 'register', ...lazyPage(() => import('../features/accounts/RegisterPage'), 'RegisterPage') },
      { path: 'login', ...lazyPage(() => import('../features/accounts/LoginPage'), 'LoginPage') },
      { path: 'logout', ...lazyPage(() => import('../features/accounts/LogoutPage'), 'LogoutPage') },
      { path: 'forgot-password', ...lazyPage(() => import('../features/accounts/ForgotPasswordPage'), 'ForgotPasswordPage') },
      { path: 'reset-password', ...lazyPage(() => import('../features/accounts/ResetPasswordPage'), 'ResetPasswordPage') },
      { path: 'verify-email', ...lazyPage(() => import('../features/accounts/EmailLinkPage'), 'VerifyEmailPage') },
      { path: 'confirm-email', ...lazyPage(() => import('../features/accounts/EmailLinkPage'), 'ConfirmEmailPage') },
      { path: 'refer', ...lazyPage(() => import('../features/accounts/ReferPage'), 'ReferPage') },
      { path: 'offers/:category/:slug', ...lazyPage(() => import('../features/offers/OfferPage'), 'OfferPage') },
      { path: 'guides/:slug', ...lazyPage(() => import('../features/guides/GuidePage'), 'GuidePage') },
      { path: 'contact', ...lazyPage(() => import('../features/contact/ContactPage'), 'ContactPage') },
      { path: 'forum', ...lazyPage(() => import('../features/forum/ForumPage'), 'ForumPage') },
      { path: 'terms-of-service', ...lazyPage(() => import('../features/legal/TermsPage'), 'TermsPage') },
      { path: 'refund-policy', ...lazyPage(() => import('../features/legal/RefundPolicyPage'), 'RefundPolicyPage') },
      { path: 'privacy-policy', ...lazyPage(() => import('../features/legal/PrivacyPolicyPage'), 'PrivacyPolicyPage') },
      { path: 'responsible-gambling', ...lazyPage(() => import('../features/legal/ResponsibleGamblingPage'), 'ResponsibleGamblingPage') },
      { path: 'user/refer-a-friend', ...lazyPage(() => import('../features/referrals/ReferAFriendPage'), 'ReferAFriendPage') },
      { path: 'affiliates', ...lazyPage(() => import('../features/affiliates/AffiliatesPage'), 'AffiliatesPage') },
      { path: 'pro', ...lazyPage(() => import('../features/plans/PlansPage'), 'PlansPage') },
      { path: 'sale', ...lazyPage(() => import('../features/plans/SalePage'), 'SalePage') },
      { path: 'subscribe/:slug', ...lazyPage(() => import('../features/subscribe/SubscribePage'), 'SubscribePage') },
      { path: 'welcome', ...lazyPage(() => import('../features/onboarding/WelcomePage'), 'WelcomePage') },
      { path: 'user/account', ...lazyPage(() => import('../features/account/AccountPage'), 'AccountPage') },
      { path: 'user/account/receipts/:id', ...lazyPage(() => import('../features/account/ReceiptPage'), 'ReceiptPage') },
      { path: 'settings', ...lazyPage(() => import('../features/settings/SettingsPage'), 'SettingsPage') },
      { path: 'user/alerts', ...lazyPage(() => import('../features/alerts/AlertsPage'), 'AlertsPage') },
      { path: 'user/profit-tracker-advanced', ...lazyPage(() => import('../features/tracker/ProfitTrackerPage'), 'ProfitTrackerPage') },
      { path: 'user/balance-sheet', ...lazyPage(() => import('../features/tracker/BalanceSheetPage'), 'BalanceSheetPage') },
      { path: 'calculator', ...lazyPage(() => import('../features/calculator/CalculatorPage'), 'CalculatorPage') },
      { path: 'slots', ...lazyPage(() => import('../features/casino/SlotsPage'), 'SlotsPage') },
      { path: 'simulator', ...lazyPage(() => import('../features/casino/SimulatorPage'), 'SimulatorPage') },
      // The admin console: one chunk (and a chunk per section) that only an administrator's visit loads.
      { path: 'admin/*', ...lazyPage(() => import('../features/admin/AdminArea'), 'AdminArea') },
      {
        path: 'advanced-calculators',
        ...lazyPage(() => import('../features/advanced-calculators/AdvancedCalculatorsPage'), 'AdvancedCalculatorsPage'),
      },
      {
        path: 'advanced-calculators/:slug',
        ...lazyPage(() => import('../features/advanced-calculators/CalculatorPage'), 'CalculatorPage'),
      },
      // A tool page by the brand's slug (static routes above and beside it take precedence).
      { path: ':toolSlug', ...lazyPage(() => import('../features/tools/ToolRoute'), 'ToolRoute') },
      { path: '*', ...lazyPage(() => import('../features/not-found/NotFoundPage'), 'NotFoundPage') },
    ],
  },
];
