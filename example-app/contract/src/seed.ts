// The example app's starting content: offers of the three dashboard categories, and the guides and
// training tutorials. Written for this project. Every bookmaker and casino named here is
// fictional; figures are worked examples at the odds stated, not a promise of what anyone will
// make. Bodies are paragraphs separated by blank lines.

/** The URL a training tutorial is read at (spec section 2: the tutorial starts at /offers/sportsbook-signup-offers/tutorial-1-the-basic-idea). */
export const TRAINING_BASE = '/offers/sportsbook-signup-offers';
/** The URL a guide is read at. */
export const GUIDES_BASE = '/guides';
/** The sections of Guides and Training. */
export const GUIDE_SECTIONS = ['guides', 'training'] as const;
export type GuideSection = (typeof GUIDE_SECTIONS)[number];

/** Where a guide of `section` with `slug` is read. */
export function guideUrl(section: GuideSection, slug: string): string {
  return `${section === 'training' ? TRAINING_BASE : GUIDES_BASE}/${slug}`;
}

const TUTORIAL_1 = `${TRAINING_BASE}/tutorial-1-the-basic-idea`;
const TUTORIAL_2 = `${TRAINING_BASE}/tutorial-2-your-first-qualifying-bet`;
const TUTORIAL_3 = `${TRAINING_BASE}/tutorial-3-the-free-bet`;
const CASINO_GUIDE = `${GUIDES_BASE}/casino-offers-and-wagering`;
const REFUND_TUTORIAL = `${TRAINING_BASE}/tutorial-5-refunds-reloads-and-records`;

/** Said at the end of every offer. */
const SMALL_PRINT =
  '18+ only. The bookmaker\u2019s terms decide what counts and they change without notice: read them in full before you deposit. The profit shown is a worked example at typical odds, not a promise. Only stake what you can afford to lose. If betting stops feeling like a calculation and starts feeling like a need, stop and talk to someone: GamCare (gamcare.org.uk, 0808 8020 133) is free and confidential.';

export interface SeedOffer {
  readonly slug: string;
  readonly title: string;
  readonly category: 'sportsbook-signup-offers' | 'casino-signup-offers' | 'reload-offers';
  readonly bookmaker: string;
  readonly summary: string;
  readonly body: string;
  /** Pence. */
  readonly expectedProfit: number;
  readonly guideUrl: string | null;
  /** Days from the seeding instant until the offer ends, or null when it has no end date. */
  readonly expiresInDays: number | null;
}

const p = (...paragraphs: string[]) => paragraphs.join('\n\n');

/** Offers, newest first (the seed gives each an earlier creation instant than the one before it). */
export const SEED_OFFERS: readonly SeedOffer[] = [
  {
    slug: 'ashvale-bet-bet-10-get-30',
    title: 'Bet \u00a310, get \u00a330 in free bets',
    category: 'sportsbook-signup-offers',
    bookmaker: 'Ashvale Bet',
    summary:
      'A new-customer offer: one \u00a310 qualifying bet at odds of 2.0 or more unlocks three \u00a310 free bets (stake not returned).',
    body: p(
      'Step 1. Open a new account with Ashvale Bet and deposit \u00a310 by debit card. The terms exclude e-wallet deposits, so a deposit made another way would not qualify.',
      'Step 2. Place the qualifying bet: back any football selection at odds of 2.0 or more for exactly \u00a310. Use the oddsmatcher to find a selection where the exchange lay odds are close to the bookmaker\u2019s back odds.',
      'Step 3. Lay the same selection at the exchange with the lay stake the calculator gives. At back odds of 2.0, lay odds of 2.1 and 2% commission the lay stake is \u00a39.62 and you lose about 58p whichever way it goes: that is the qualifying loss.',
      'Step 4. When the qualifying bet settles, three \u00a310 free bets are credited. They are stake not returned (SNR): lay each one at odds around 5.0 to 6.0, where you typically keep 70% to 80% of the free bet.',
      'Step 5. Record every leg in the profit tracker as you place it, so that the figures you see later are your real ones.',
      'At the example odds the whole offer comes to about \u00a320 to \u00a322 after the qualifying loss. ' + SMALL_PRINT,
    ),
    expectedProfit: 2000,
    guideUrl: TUTORIAL_1,
    expiresInDays: null,
  },
  {
    slug: 'kittiwake-sports-bet-20-get-20',
    title: 'Bet \u00a320, get a \u00a320 free bet',
    category: 'sportsbook-signup-offers',
    bookmaker: 'Kittiwake Sports',
    summary: 'Stake \u00a320 at odds of 1.5 or more on any sport and receive a \u00a320 free bet (stake not returned) when it settles.',
    body: p(
      'Step 1. Join Kittiwake Sports and deposit \u00a320. Opt in to the welcome offer on the deposit page: bets placed before opting in do not count.',
      'Step 2. Back a selection at odds of 1.5 or more for \u00a320 and lay it at the exchange with the calculator\u2019s lay stake. Short odds keep the liability of the lay small; the qualifying loss is usually under \u00a31.',
      'Step 3. The \u00a320 free bet arrives within 24 hours of settlement and expires after 7 days. Lay it at higher odds (around 5.0) to keep as much of it as possible: at back odds of 5.0, lay odds of 5.2 and 2% commission the lay stake is \u00a315.44 and you keep about \u00a315 either way.',
      'Step 4. Make sure your exchange balance covers the liability of that lay (lay stake \u00d7 (lay odds \u2212 1), here about \u00a364.85) before you place it.',
      'At the example odds the offer comes to about \u00a314 after the qualifying loss. ' + SMALL_PRINT,
    ),
    expectedProfit: 1400,
    guideUrl: TUTORIAL_3,
    expiresInDays: 30,
  },
  {
    slug: 'marrowby-bet-first-bet-refund',
    title: 'First bet refunded as a free bet if it loses',
    category: 'sportsbook-signup-offers',
    bookmaker: 'Marrowby Bet',
    summary:
      'A money-back offer: if your first bet (up to \u00a325) loses, the stake comes back as a free bet. Its value depends on the chance that the back bet loses.',
    body: p(
      'Step 1. Open a Marrowby Bet account and deposit \u00a325.',
      'Step 2. Back a selection for \u00a325 and lay it at the exchange as a normal qualifying bet. If the back bet wins, the offer pays nothing and you are left with the small qualifying loss.',
      'Step 3. If the back bet loses (your lay wins), a \u00a325 free bet (stake not returned) is credited. Lay it as in tutorial 3 and you typically keep \u00a318 to \u00a320 of it.',
      'Step 4. Because the refund only comes when the back bet loses, the offer is worth more at longer odds, where losing is more likely, but the lay\u2019s liability is larger too. The calculator\u2019s refund bet type shows both figures before you bet.',
      'At odds of 3.0 the refund arrives about two times in three, so the offer is worth roughly \u00a311 on average; any single attempt ends either about \u00a318 up less the qualifying loss, or down by the qualifying loss alone. ' +
        SMALL_PRINT,
    ),
    expectedProfit: 1100,
    guideUrl: REFUND_TUTORIAL,
    expiresInDays: null,
  },
  {
    slug: 'pellmore-sports-bet-5-get-20',
    title: 'Bet \u00a35, get \u00a320 in free bets',
    category: 'sportsbook-signup-offers',
    bookmaker: 'Pellmore Sports',
    summary: 'A small qualifying bet of \u00a35 at odds of 2.0 or more unlocks four \u00a35 free bets for football, racing and any sport.',
    body: p(
      'Step 1. Register with Pellmore Sports using the promotion code shown on the sign-up page, and deposit at least \u00a35.',
      'Step 2. Back a selection at odds of 2.0 or more for \u00a35 and lay it at the exchange. The qualifying loss on a \u00a35 bet is usually 20p to 40p.',
      'Step 3. Four \u00a35 free bets are credited: one each for football, horse racing, any sport and an accumulator of three or more selections. Each is stake not returned.',
      'Step 4. Lay the single free bets as usual. For the accumulator free bet, the acca calculator works out lay stakes for each leg; a sequential lay (laying each leg only after the previous one has won) keeps the exchange liability manageable.',
      'At typical odds the four free bets come to about \u00a314 together, after the qualifying loss. ' + SMALL_PRINT,
    ),
    expectedProfit: 1450,
    guideUrl: TUTORIAL_3,
    expiresInDays: 60,
  },
  {
    slug: 'tamberlin-bet-bet-10-get-40',
    title: 'Bet \u00a310, get \u00a340 in free bets over four weeks',
    category: 'sportsbook-signup-offers',
    bookmaker: 'Tamberlin Bet',
    summary: 'Four \u00a310 free bets, one a week for four weeks, after a single \u00a310 qualifying bet.',
    body: p(
      'Step 1. Open a Tamberlin Bet account and deposit \u00a310. Read the terms on the minimum odds of the free bets: some of them must be used at odds of 3.0 or more.',
      'Step 2. Place the \u00a310 qualifying bet and its lay at the exchange.',
      'Step 3. A \u00a310 free bet is credited each Monday for four weeks. Each one expires after 7 days, so set a reminder: an unused free bet is simply lost.',
      'Step 4. Lay each free bet when it arrives and record it in the profit tracker against this offer, so the four weeks add up in one place.',
      'At typical odds the offer comes to about \u00a326 over the four weeks. ' + SMALL_PRINT,
    ),
    expectedProfit: 2600,
    guideUrl: TUTORIAL_3,
    expiresInDays: null,
  },
  {
    slug: 'quillon-casino-100-free-spins',
    title: 'Stake \u00a310, get 100 free spins',
    category: 'casino-signup-offers',
    bookmaker: 'Quillon Casino',
    summary:
      'Stake \u00a310 on slots and receive 100 free spins worth 10p each. Winnings from the spins are paid as cash with no wagering.',
    body: p(
      'Step 1. Join Quillon Casino and deposit \u00a310. Casino offers cannot be laid at an exchange, so the outcome of this one is uncertain: decide beforehand that you are content to lose the \u00a310.',
      'Step 2. Stake the \u00a310 on a slot with a published return to player (RTP) of 96% or more. Over \u00a310 of spins the expected loss is about 40p, but any session can finish well above or below that.',
      'Step 3. The 100 free spins are credited on a named slot. At 10p a spin and an RTP of 96% they return about \u00a39.60 on average, paid as withdrawable cash.',
      'Step 4. Withdraw what you want to keep and record the result in the profit tracker as a casino entry.',
      'On average the offer is worth about \u00a39; a single attempt can return much more or close to nothing. ' + SMALL_PRINT,
    ),
    expectedProfit: 900,
    guideUrl: CASINO_GUIDE,
    expiresInDays: 14,
  },
  {
    slug: 'brindle-casino-20-bonus-10x-wagering',
    title: 'Deposit \u00a320, get a \u00a320 bonus (10\u00d7 wagering)',
    category: 'casino-signup-offers',
    bookmaker: 'Brindle Casino',
    summary:
      'A matched deposit bonus that must be wagered ten times before it can be withdrawn. Worth taking only if the wagering calculator shows a positive expected value for you.',
    body: p(
      'Step 1. Deposit \u00a320 at Brindle Casino and opt in to the bonus. The terms require the \u00a320 bonus to be wagered 10 times (\u00a3200 of stakes) on slots within 30 days, at no more than \u00a32 a spin.',
      'Step 2. Enter the figures in the casino wagering calculator. At an RTP of 96%, \u00a3200 of stakes costs \u00a38 on average, so the bonus is worth about \u00a312 on average.',
      'Step 3. Play the wagering at small, steady stakes. Many sessions end with the balance gone before the wagering is complete; that is part of the average, not a failure of the method.',
      'Step 4. When the wagering is complete, withdraw the balance and record the result in the profit tracker.',
      'The expected value is an average over many attempts. On any one attempt you may lose your deposit. ' + SMALL_PRINT,
    ),
    expectedProfit: 1200,
    guideUrl: CASINO_GUIDE,
    expiresInDays: null,
  },
  {
    slug: 'oakhollow-casino-50-no-wagering-spins',
    title: '50 no-wagering free spins on sign-up',
    category: 'casino-signup-offers',
    bookmaker: 'Oakhollow Casino',
    summary: 'Fifty 10p free spins after a first deposit of \u00a35 or more; winnings are paid in cash.',
    body: p(
      'Step 1. Open an Oakhollow Casino account and verify it: the spins are credited only after the identity check is complete.',
      'Step 2. Deposit \u00a35 or more. You do not need to play the deposit: it can be withdrawn.',
      'Step 3. Play the 50 spins on the named slot. At 10p a spin and an RTP of 96% they return about \u00a34.80 on average.',
      'Step 4. Withdraw the winnings and the deposit, and record the result in the profit tracker.',
      SMALL_PRINT,
    ),
    expectedProfit: 480,
    guideUrl: CASINO_GUIDE,
    expiresInDays: 21,
  },
  {
    slug: 'ferncastle-sports-weekend-bet-and-get',
    title: 'Weekend football: bet \u00a310, get a \u00a35 free bet',
    category: 'reload-offers',
    bookmaker: 'Ferncastle Sports',
    summary:
      'An existing-customer offer every weekend: \u00a310 on Saturday\u2019s football at odds of 2.0 or more earns a \u00a35 free bet for Sunday.',
    body: p(
      'Step 1. Opt in to the offer on the Ferncastle Sports promotions page before placing the bet.',
      'Step 2. Back a Saturday football selection at odds of 2.0 or more for \u00a310 and lay it at the exchange. Look for a close match: on a \u00a310 bet, a qualifying loss above 50p takes most of the value away.',
      'Step 3. Lay the \u00a35 free bet on Sunday. You typically keep \u00a33.50 to \u00a34 of it.',
      'Reload offers are small but repeat. Taking them at a steady pace, and mixing in ordinary bets you would make anyway, keeps accounts looking like those of any other customer. ' +
        SMALL_PRINT,
    ),
    expectedProfit: 300,
    guideUrl: TUTORIAL_2,
    expiresInDays: 7,
  },
  {
    slug: 'wrenfield-bet-acca-insurance',
    title: 'Acca insurance: one leg lets you down, stake back as a free bet',
    category: 'reload-offers',
    bookmaker: 'Wrenfield Bet',
    summary:
      'On football accumulators of five or more legs, if exactly one leg loses the stake (up to \u00a310) is refunded as a free bet.',
    body: p(
      'Step 1. Build a five-leg football accumulator with the acca catcher, which picks legs whose exchange lay odds are close to the bookmaker\u2019s.',
      'Step 2. Back the accumulator for \u00a310 and lay each leg at the exchange as its match starts (a sequential lay). If a lay wins, the accumulator is lost; if exactly one leg loses, the insurance pays the refund.',
      'Step 3. If the refund is paid, lay it as a normal free bet.',
      'The insurance is worth something only because a one-leg loss is fairly likely on five legs. The acca calculator shows the qualifying loss on every path and the expected value of the refund before you start. ' +
        SMALL_PRINT,
    ),
    expectedProfit: 150,
    guideUrl: REFUND_TUTORIAL,
    expiresInDays: null,
  },
  {
    slug: 'ashvale-bet-extra-places-saturday',
    title: 'Extra places on Saturday\u2019s big handicaps',
    category: 'reload-offers',
    bookmaker: 'Ashvale Bet',
    summary:
      'Each-way bets on selected races pay one more place than usual. A value bet: it loses a little most of the time and pays well when the horse finishes in the extra place.',
    body: p(
      'Step 1. Open the extra place catcher and filter it to Ashvale Bet\u2019s extra-place races.',
      'Step 2. Back a horse each-way and lay both its win and its place market at the exchange, as the catcher sets out. Most of the time this costs a small qualifying loss.',
      'Step 3. If the horse finishes exactly in the extra place, the bookmaker pays the place part and your exchange place lay also wins: that is where the profit comes from.',
      'The expected value shown is an average over many races. It is recorded as potential profit in the tracker, not guaranteed, and a run of losing races is normal. ' +
        SMALL_PRINT,
    ),
    expectedProfit: 200,
    guideUrl: REFUND_TUTORIAL,
    expiresInDays: 3,
  },
  {
    slug: 'kittiwake-sports-daily-price-boost',
    title: 'Daily price boost above the exchange lay',
    category: 'reload-offers',
    bookmaker: 'Kittiwake Sports',
    summary:
      'A boosted price on one selection a day. When the boost is longer than the exchange lay odds, backing and laying it locks in a small profit.',
    body: p(
      'Step 1. Check the price boost tracker each morning: it compares the boosted price with the exchange lay odds after commission.',
      'Step 2. When the rating is above 100%, back the boost at its maximum stake (often \u00a310 to \u00a325) and lay it at the exchange.',
      'Step 3. Both legs settle with the same small profit whichever way the event goes, as long as the lay is fully matched before the event starts.',
      'Boosts are often limited in stake and can be withdrawn quickly. ' + SMALL_PRINT,
    ),
    expectedProfit: 100,
    guideUrl: TUTORIAL_2,
    expiresInDays: 1,
  },
];

export interface SeedGuide {
  /** The oddsmatcher guide's slug is the brand's oddsmatcher tool slug (its guideUrl); see seed.ts. */
  readonly slug: string;
  readonly title: string;
  readonly section: GuideSection;
  readonly summary: string;
  readonly body: string;
  readonly order: number;
}

/** Where to find help: the closing paragraph of the guides. */
export const HELP =
  'If you are worried about your gambling, or someone else\u2019s, the National Gambling Helpline run by GamCare is free and open day and night: 0808 8020 133, or gamcare.org.uk. GAMSTOP (gamstop.co.uk) lets you exclude yourself from every UK-licensed gambling website at once, and BeGambleAware (begambleaware.org) has advice and tools.';

/** The oddsmatcher guide's slug placeholder: replaced by the brand's oddsmatcher tool slug when seeding. */
export const ODDSMATCHER_GUIDE = '{oddsmatcher}';

export const SEED_GUIDES: readonly SeedGuide[] = [
  {
    slug: 'tutorial-1-the-basic-idea',
    title: 'Tutorial 1: The basic idea',
    section: 'training',
    order: 0,
    summary: 'What matched betting is, why it works, and what can still go wrong.',
    body: p(
      'Bookmakers give new and existing customers free bets and other incentives to bet with them. Matched betting is a way of collecting most of the value of those incentives without depending on who wins.',
      'It uses two bets on the same outcome. You back the outcome at the bookmaker: that bet wins if it happens. You lay the same outcome at a betting exchange: a lay bet wins if it does not happen. Whatever the result, one bet wins and the other loses, and with the right lay stake the two roughly cancel out.',
      'The first pair of bets, made with your own money to unlock an offer, is the qualifying bet. It usually loses a little, because the exchange\u2019s lay odds are a touch longer than the bookmaker\u2019s back odds and the exchange takes commission on winnings. That small loss is the qualifying loss.',
      'The offer then gives you a free bet. You back it at the bookmaker and lay it at the exchange as before, and because the free bet costs you nothing, this time the pair leaves you with a profit whichever way it goes. The next tutorials work through both steps with real figures.',
      'What can go wrong is mostly human. Laying the wrong selection, typing the wrong stake, missing a condition in the offer\u2019s terms, or placing one bet and not the other before the odds move all turn a calculated result into a gamble. Work slowly, check each bet before you confirm it, and use the calculator every time.',
      'Matched betting is for adults only (18+). It needs money in your bookmaker and exchange accounts while bets are open, so start with offers whose stakes are comfortable for you, and only stake what you can afford to lose. Nothing here promises any particular amount: what you make depends on the offers available, the odds on the day and your own care.',
      HELP,
    ),
  },
  {
    slug: 'tutorial-2-your-first-qualifying-bet',
    title: 'Tutorial 2: Your first qualifying bet',
    section: 'training',
    order: 1,
    summary: 'Working out the lay stake, the qualifying loss, and what exchange commission does to both.',
    body: p(
      'Take an offer that asks for a \u00a310 bet at odds of 2.0 or more. Find a selection the bookmaker offers at 2.0 and the exchange lays at 2.1, with 2% commission on exchange winnings.',
      'The lay stake that balances the two outcomes is the back stake times the back odds, divided by the lay odds less the commission: \u00a310 \u00d7 2.0 \u00f7 (2.1 \u2212 0.02) = \u00a39.62. The calculator does this for you; it is worth knowing where the number comes from.',
      'If the selection wins, the bookmaker pays \u00a310 profit and your lay loses its liability, \u00a39.62 \u00d7 (2.1 \u2212 1) = \u00a310.58: you are down 58p. If it loses, the bookmaker keeps your \u00a310 and the exchange pays \u00a39.62 less 2% commission, \u00a39.43: you are down 57p. Either way the qualifying loss is about 57p to 58p.',
      'Commission is why the lay odds are divided by (lay odds \u2212 commission) rather than used as they are: the exchange only takes its share when your lay wins, so the lay stake is nudged up to make both outcomes equal. Commission rates differ between exchanges and are set in your exchange settings; the tools use the rate you choose.',
      'A close match matters. The rating in the oddsmatcher compares the back and lay odds after commission: the nearer to 100%, the smaller the qualifying loss. Check that the market, the selection and the odds at both sites are the ones you expect before you place either bet, and place the lay straight after the back so the odds have no time to move.',
      'Record the bet in the profit tracker with both legs. Over many offers the small qualifying losses add up, and the tracker is where you see them.',
    ),
  },
  {
    slug: 'tutorial-3-the-free-bet',
    title: 'Tutorial 3: The free bet (SNR and SR)',
    section: 'training',
    order: 2,
    summary: 'Laying a free bet, stake not returned and stake returned, and why longer odds keep more of it.',
    body: p(
      'Most free bets are stake not returned (SNR): if the free bet wins you receive the winnings but not the free bet\u2019s own amount. A \u00a310 SNR free bet at odds of 5.0 pays \u00a340, not \u00a350.',
      'So the lay stake covers only the winnings: free bet \u00d7 (back odds \u2212 1) \u00f7 (lay odds \u2212 commission). For \u00a310 at back odds of 5.0, lay odds of 5.2 and 2% commission: \u00a310 \u00d7 4 \u00f7 5.18 = \u00a37.72.',
      'If the selection wins, the bookmaker pays \u00a340 and the lay loses \u00a37.72 \u00d7 4.2 = \u00a332.42: you keep \u00a37.58. If it loses, the exchange pays \u00a37.72 less commission, \u00a37.57. You keep about 76% of the free bet either way: that share is its retention.',
      'Retention rises with the odds, because less of the free bet\u2019s value is lost to the gap between back and lay. Odds of 4.0 to 8.0 are a common range. Longer odds also raise the liability of the lay, so make sure your exchange balance covers it (see tutorial 4).',
      'A stake returned (SR) free bet pays the free bet\u2019s amount back with the winnings, like a cash bet. Lay it as you would a qualifying bet, free bet \u00d7 back odds \u00f7 (lay odds \u2212 commission), and it keeps more of its value, even at short odds.',
      'Read the free bet\u2019s terms: the minimum odds, the markets it can be used on and its expiry date all limit which selections you can choose.',
    ),
  },
  {
    slug: 'tutorial-4-liability-and-your-exchange-balance',
    title: 'Tutorial 4: Liability and your exchange balance',
    section: 'training',
    order: 3,
    summary: 'What a lay can cost you, how much money you need where, and what happens when a lay is only partly matched.',
    body: p(
      'When you lay a selection you are offering odds to someone else. If the selection wins you pay them: the lay stake times (lay odds \u2212 1). That sum is the liability, and the exchange holds it from your balance until the market settles.',
      'A \u00a37.72 lay at 5.2 has a liability of \u00a332.42, more than three times the free bet it protects. Backed at 10.0 and laid at 10.2, the same free bet would need a lay of \u00a38.84 with a liability of about \u00a381. Before you place the back bet, check that the exchange balance covers the lay\u2019s liability; if it does not, choose shorter odds or deposit first.',
      'A lay is matched only when someone takes the other side. If only part of it is matched, you are exposed on the rest: keep the exchange page open until the whole lay is matched, and if the odds move away, the part-lay calculator works out the stake for the remainder at the new odds.',
      'Money is tied up in two places. Keep track of what is in each bookmaker and exchange account on the balance sheet, so that you always know how much is yours and how much is held against open bets.',
      'Never take a liability you could not pay if the lay lost. Only stake what you can afford to lose.',
    ),
  },
  {
    slug: 'tutorial-5-refunds-reloads-and-records',
    title: 'Tutorial 5: Refunds, reload offers and keeping records',
    section: 'training',
    order: 4,
    summary: 'Money-back offers, offers for existing customers, value bets, and why the profit tracker matters.',
    body: p(
      'A refund offer (money back as a free bet if your bet loses) pays only on one outcome. Its value is the refund times its expected retention times the chance the back bet loses, less the qualifying loss. The calculator\u2019s refund bet type works out the figures before you commit.',
      'Reload offers are for existing customers: weekly bet-and-get offers, acca insurance, price boosts, extra places and early payouts. Each is small, but they repeat. Some, such as extra places and early payouts, are value bets: they lose a little most of the time and pay well occasionally, so their profit is potential until it happens. The tracker keeps guaranteed and potential profit apart for that reason.',
      'Record every bet you place, with all its legs, when you place it. The profit tracker settles each bet from its legs, totals your profit by month and by type, and shows the qualifying losses that are easy to forget. Records also let you spot a mistake while it can still be corrected.',
      'Bookmakers may restrict accounts that mostly take offers: lower maximum stakes, no more promotions. This is often called being gubbed. It is the bookmaker\u2019s right, and it is why no income from offers can be counted on. Mark a restricted bookmaker on the balance sheet, so that your records show which accounts you can still use.',
      HELP,
    ),
  },
  {
    slug: ODDSMATCHER_GUIDE,
    title: 'Using the oddsmatcher',
    section: 'guides',
    order: 0,
    summary: 'Finding close matches between bookmaker back odds and exchange lay odds, and reading the rating.',
    body: p(
      'The oddsmatcher lists every bookmaker back price next to the exchange lay price for the same selection, across the exchanges you have turned on in your settings.',
      'Each row has a rating: back odds \u00d7 (1 \u2212 commission) \u00f7 (lay odds \u2212 commission), as a percentage. For a qualifying bet, a rating near 100% means a small qualifying loss. For a free bet (SNR), sort by retention instead: the share of the free bet you keep.',
      'Filter by bookmaker, sport, minimum odds and start time to match the offer\u2019s terms. Liquidity is the amount available to lay at that price: if it is less than your lay stake, part of the lay will wait unmatched.',
      'Odds move all the time. Before you bet, open both sites, check that the selection, market and odds are the same as in the row, place the back bet, then place the lay straight away.',
      'Every figure is a calculation from the prices shown; the result still depends on both bets being placed as shown. 18+. Only stake what you can afford to lose.',
    ),
  },
  {
    slug: 'casino-offers-and-wagering',
    title: 'Casino offers and wagering requirements',
    section: 'guides',
    order: 1,
    summary: 'Why casino offers carry real risk, how to estimate their value, and when to leave them alone.',
    body: p(
      'Casino offers cannot be laid at an exchange, so unlike sports offers their result is uncertain. What can be worked out is the average.',
      'A wagering requirement means a bonus must be staked a number of times before it can be withdrawn. The expected cost of that play is roughly the total staked times (1 \u2212 RTP), where RTP is the game\u2019s published return to player. A \u00a320 bonus with 10\u00d7 wagering on a 96% slot means \u00a3200 staked and about \u00a38 lost on average, so the bonus is worth about \u00a312 on average.',
      'Average is the key word. Slots vary widely: many attempts end with the balance gone before the wagering is done, and a few end well ahead. The casino wagering calculator and the simulator show how wide that spread is for a given offer.',
      'Free spins with no wagering are simpler: their value is the number of spins times the spin value times the RTP, paid in cash.',
      'Decide in advance what you are prepared to lose on an offer, and stop there. Casino games are designed to be engaging; if you notice yourself playing on after the offer is done, take a break. 18+. Only stake what you can afford to lose.',
    ),
  },
  {
    slug: 'account-restrictions',
    title: 'Account restrictions (gubbing)',
    section: 'guides',
    order: 2,
    summary: 'What it means when a bookmaker limits your account, and how to keep good records when it happens.',
    body: p(
      'Bookmakers can limit the stakes an account may place or stop it receiving promotions. Members call this being gubbed. It can happen at any time, with or without a reason given.',
      'It is more likely when an account only ever bets on offers, always at exact stakes, and withdraws straight away. Betting in ways that look like other customers\u2019 may delay it, but nothing prevents it, and it is the bookmaker\u2019s decision.',
      'When an account is restricted, mark it as restricted on the balance sheet. Withdraw the balance you no longer need there, and make sure no open bet depends on that account.',
      'Because any account can be restricted, the value of future offers is never certain. Treat past results as a record, not a forecast.',
    ),
  },
  {
    slug: 'staying-in-control',
    title: 'Staying in control',
    section: 'guides',
    order: 3,
    summary: 'Keeping matched betting a careful, limited activity, and where to find help.',
    body: p(
      'Matched betting works only while it stays a set of calculations: a qualifying bet, a lay, a free bet, a record. It stops working the moment a bet is placed without its lay because it feels lucky, or a loss is chased with a bigger bet.',
      'Set limits before you start: how much money you will keep in bookmaker and exchange accounts, how much time a week you will spend, and which kinds of offers you will take. Bookmakers and casinos offer deposit limits, reality checks and time-outs in their account settings; use them.',
      'Keep your records up to date. A profit tracker that you avoid looking at is a warning sign in itself.',
      'Gambling is for adults (18+). Never bet with money you need for bills, rent or debts, and only stake what you can afford to lose.',
      HELP,
    ),
  },
];
