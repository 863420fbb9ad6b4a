// The app's routes that other features link to, in one place (spec section 2). A feature's own
// sub-routes live in its folder's routes file.
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  logout: '/logout',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The page of the mailed link that confirms a member's address. */
  verifyEmail: '/verify-email',
  /** The page of the mailed link that moves a member to a new address. */
  confirmEmail: '/confirm-email',
  onboarding: '/welcome',
  account: '/user/account',
  /** One receipt, as a printable page. */
  receipt: (id: string) => `/user/account/receipts/${encodeURIComponent(id)}`,
  settings: '/settings',
  /** The member's odds alerts and the matches they found. */
  alerts: '/user/alerts',
  referAFriend: '/user/refer-a-friend',
  referLanding: '/refer',
  affiliates: '/affiliates',
  contact: '/contact',
  /** The members' forum page: where the Forum link goes when the site has no forum set up (FORUM_URL). */
  forum: '/forum',
  pro: '/pro',
  /** The active sale's page (plain pricing when no sale is on). */
  sale: '/sale',
  terms: '/terms-of-service',
  refunds: '/refund-policy',
  privacy: '/privacy-policy',
  responsibleGambling: '/responsible-gambling',
  firstGuide: '/offers/sportsbook-signup-offers/tutorial-1-the-basic-idea',
  subscribe: (slug: string) => `/subscribe/${encodeURIComponent(slug)}`,
  calculator: '/calculator',
  advancedCalculators: '/advanced-calculators',
  /** One advanced calculator, by its registry slug (`rule-4-calculator`). */
  advancedCalculator: (slug: string) => `/advanced-calculators/${encodeURIComponent(slug)}`,
  profitTracker: '/user/profit-tracker-advanced',
  balanceSheet: '/user/balance-sheet',
  /** The admin console (administrators only: the sdk's planTier is `admin`); its own sections are features/admin/sections.ts. */
  admin: '/admin',
  slots: '/slots',
  simulator: '/simulator',
} as const;

/**
 * What the standard calculator can be opened with (its state lives in the URL, so a calculation
 * can be shared). Every field is optional: an absent one keeps the calculator's default.
 */
export interface CalculatorLink {
  readonly betType?: 'qualifying' | 'snr' | 'sr' | 'refund';
  readonly strategy?: 'normal' | 'underlay' | 'overlay';
  /** The back stake in pence. */
  readonly stake?: number;
  readonly backOdds?: number;
  readonly layOdds?: number;
  /** Commission as a fraction (0.02 for 2%). */
  readonly backCommission?: number;
  readonly layCommission?: number;
  /** A refund offer's amount in pence (bet type `refund`). */
  readonly refund?: number;
  /** What share of a refund the member expects to keep, a fraction (0.7 for 70%). */
  readonly retention?: number;
  /** Where the bet comes from, carried to "add to profit tracker": the event, market and selection as read. */
  readonly event?: string;
  readonly market?: string;
  readonly selection?: string;
  /** The bookmaker and exchange account keys (the catalogue's). */
  readonly bookmaker?: string;
  readonly exchange?: string;
  /** The tool that found the bet: its tracker source (a catalogue `profitTrackerSource`). */
  readonly source?: string;
}

/**
 * The calculator's address for `link`. In the URL a stake is in pounds (`stake=10.50`) and a
 * commission in percent (`lc=2`), as a member reads and edits them:
 * `/calculator?type=snr&strategy=normal&stake=10.50&back=3.2&lay=3.3&bc=0&lc=2`; a refund's
 * amount in pounds and retention in percent (`refund=10.00&ret=70`); where the bet comes from as
 * text (`event`, `market`, `sel`, `bm`, `ex`, `src`).
 */
export function calculatorPath(link: CalculatorLink = {}): string {
  const params = new URLSearchParams();
  if (link.betType !== undefined) params.set('type', link.betType);
  if (link.strategy !== undefined) params.set('strategy', link.strategy);
  // Pounds as components/money's poundsText writes them (exact for whole pence), written out here so
  // that the route table does not bring the pounds reader onto the first page.
  if (link.stake !== undefined) params.set('stake', (link.stake / 100).toFixed(2));
  if (link.backOdds !== undefined) params.set('back', String(link.backOdds));
  if (link.layOdds !== undefined) params.set('lay', String(link.layOdds));
  // Percent with at most four decimals: 0.02 -> "2", 0.025 -> "2.5" (no binary noise such as 2.0000000000000004).
  if (link.backCommission !== undefined) params.set('bc', String(Number((link.backCommission * 100).toFixed(4))));
  if (link.layCommission !== undefined) params.set('lc', String(Number((link.layCommission * 100).toFixed(4))));
  if (link.refund !== undefined) params.set('refund', (link.refund / 100).toFixed(2));
  if (link.retention !== undefined) params.set('ret', String(Number((link.retention * 100).toFixed(4))));
  const text: readonly [keyof CalculatorLink, string][] = [
    ['event', 'event'],
    ['market', 'market'],
    ['selection', 'sel'],
    ['bookmaker', 'bm'],
    ['exchange', 'ex'],
    ['source', 'src'],
  ];
  for (const [field, param] of text) {
    const value = link[field];
    if (typeof value === 'string' && value !== '') params.set(param, value);
  }
  const query = params.toString();
  return query === '' ? paths.calculator : `${paths.calculator}?${query}`;
}

/**
 * One form of an advanced calculator, filled in: the calculator's registry slug, the form's sdk
 * function and the text of its fields as a member types them (pounds, percent, odds, place terms
 * such as `1/5`), keyed by the form's field paths (`backStake`, `legs.0.layOdds`).
 */
export interface AdvancedCalculatorLink {
  readonly slug: string;
  readonly fn: string;
  readonly values: Readonly<Record<string, string>>;
}

/** The advanced calculator's address for `link`: `/advanced-calculators/each-way-calculator?fn=eachWay&backStake=10.00&…`. */
export function advancedCalculatorPath(link: AdvancedCalculatorLink): string {
  const params = new URLSearchParams({ fn: link.fn, ...link.values });
  return `${paths.advancedCalculator(link.slug)}?${params.toString()}`;
}

/** A sign-in link that comes back to `next` (a site path) afterwards. */
export function loginThenBack(next: string): string {
  return `${paths.login}?next=${encodeURIComponent(next)}`;
}

/**
 * Whether `path` is one of the server's own routes (`/api/...`), which the browser must load as a
 * document rather than as a page of the app: the forum's sign-in sends a visitor to sign in and
 * back to /api/forum/sso.
 */
export function isServerPath(path: string): boolean {
  return path.startsWith('/api/');
}

/** Goes to `path` (a safeNext path): a server route by loading it, a page of the app through the router. */
export async function goToNext(path: string, navigate: (to: string) => void | Promise<void>): Promise<void> {
  if (isServerPath(path)) window.location.assign(path);
  else await navigate(path);
}

/** `next` when it is a path of this site, else the home page: never an open redirect. */
export function safeNext(next: string | null): string {
  return next !== null && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : paths.home;
}
