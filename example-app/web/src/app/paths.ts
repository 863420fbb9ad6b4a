// The app's routes that other features link to, in one place (spec section 2). A feature's own
// sub-routes live in its folder's routes file.
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  logout: '/logout',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  onboarding: '/welcome',
  account: '/user/account',
  settings: '/settings',
  referAFriend: '/user/refer-a-friend',
  referLanding: '/refer',
  affiliates: '/affiliates',
  contact: '/contact',
  pro: '/pro',
  /** The active sale's page (plain pricing when no sale is on). */
  sale: '/sale',
  terms: '/terms-of-service',
  refunds: '/refund-policy',
  privacy: '/privacy-policy',
  responsibleGambling: '/responsible-gambling',
  firstGuide: '/offers/sportsbook-signup-offers/tutorial-1-the-basic-idea',
  subscribe: (slug: string) => `/subscribe/${encodeURIComponent(slug)}`,
} as const;

/** A sign-in link that comes back to `next` (a site path) afterwards. */
export function loginThenBack(next: string): string {
  return `${paths.login}?next=${encodeURIComponent(next)}`;
}

/** `next` when it is a path of this site, else the home page: never an open redirect. */
export function safeNext(next: string | null): string {
  return next !== null && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : paths.home;
}
