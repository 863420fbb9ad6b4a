// What each finder tool's page shows, tool by tool: the filters its engine takes, how its engine
// is called, the columns of its table, its calculator click-through and the bet its "add to
// profit tracker" records. One description per tool and one page for all (FinderPage): the figures
// are always the engine's (@matchkit/sdk/matching); this file only picks which to show.
import type { ReactNode } from 'react';
import type { EntitledUser } from '@matchkit/sdk/model';
import { eachWayReturns } from '@matchkit/sdk/calculators';
import {
  findAccas,
  findBetBuilderValue,
  findBogValue,
  findEachWayCatches,
  findExtraPlaces,
  findExtraPlacesMaster,
  findGolfValue,
  findLuckyBets,
  findMatchCatches,
  findPriceBoosts,
  findSteamers,
  findTwoUpMatches,
  findTwoUpValue,
  type AccaRow,
  type BetBuilderRow,
  type BogRow,
  type EachWayCatcherRow,
  type ExchangePrice,
  type ExtraPlaceRow,
  type FinderResult,
  type GolfRow,
  type LuckyRow,
  type MarketIndex,
  type MatchCatcherRow,
  type PriceBoostRow,
  type SteamerRow,
  type TwoUpRow,
} from '@matchkit/sdk/matching';
import { backLayBet, type NewTrackedBet } from '@matchkit/sdk/tracker';
import type { TrackedLegInput } from '@matchkit/sdk/tracker';
import type { CalculatorLink } from '../../app/paths';
import { poundsToPence, readDecimal } from '../../components/money';
import { fractionPercent, money, odds, percent, startTime } from './format';

/** What every engine call is given besides the tool's own filters. */
export interface FinderRunContext {
  readonly market: MarketIndex;
  /** The stake the money figures are for, pence. */
  readonly stake: number;
  /** How many rows the engine returns. */
  readonly limit: number;
  /** The bookmaker chosen ('' for all). */
  readonly bookmaker: string;
  /** The member's exchange settings (only enabled exchanges are laid at). */
  readonly exchangeSettings: Readonly<Record<string, boolean>>;
  /** The member (provider-dependent tools: 2UP, extra places). */
  readonly user: EntitledUser;
  /** Exchange prices at an earlier moment (the steam chaser's baseline). */
  readonly earlier: readonly ExchangePrice[];
  /** The feed time of the prices, epoch milliseconds. */
  readonly at: number;
}

/** The tool's own filter values, parsed: numbers (pence for money, fractions for percent) or strings. */
export type FilterValues = Readonly<Record<string, string | number | undefined>>;

/** One filter of a tool beyond stake, bookmaker and row count. */
export interface FinderFilter {
  /** Its URL parameter and its key in {@link FilterValues}. */
  readonly key: string;
  readonly label: string;
  /** `money`: pounds in the field, pence to the engine; `percent`: percent in the field, a fraction to the engine. */
  readonly kind: 'number' | 'money' | 'percent' | 'select';
  /** The value in the field when the URL has none ('' for none). */
  readonly initial: string;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly hint?: string;
  /** The engine's issue paths that belong to this field (its validation messages show next to it). */
  readonly paths: readonly string[];
  /** Shown only when this holds of the other values. */
  readonly when?: (values: FilterValues) => boolean;
}

export interface FinderColumn<Row> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** The value to sort by; a column without one is not sortable. */
  readonly sort?: (row: Row) => number;
  /** Right-aligned figures. */
  readonly numeric?: boolean;
}

export interface FinderSpec<Row> {
  /** What the stake is, when it is not the whole bet's. @defaultValue 'Stake (£)' */
  readonly stakeLabel?: string;
  /** The offer is at one bookmaker: the bookmaker field has no "all" choice and is the engine's `offer.bookmaker`. */
  readonly offerBookmaker?: boolean;
  readonly filters: readonly FinderFilter[];
  readonly run: (ctx: FinderRunContext, values: FilterValues) => FinderResult<Row>;
  readonly key: (row: Row) => string;
  /** The row as a phrase for its buttons' names ("Arsenal at alder-bet"). */
  readonly label: (row: Row) => string;
  readonly columns: readonly FinderColumn<Row>[];
  /** The column the engine ranks by (the table's first order). */
  readonly rankColumn: string;
  readonly calculator: (row: Row, ctx: FinderRunContext, values: FilterValues) => CalculatorLink;
  /** The bet "add to profit tracker" records (with the tool's tracker source); absent: a bet the tracker's legs cannot describe, recorded by hand. */
  readonly bet?: (row: Row, source: string, ctx: FinderRunContext, values: FilterValues) => NewTrackedBet;
}

/** The message beside the stake when {@link readStake} cannot read it. */
export const STAKE_ERROR = 'Enter a stake in pounds, more than 0 with at most two decimals, such as 10 or 12.50.';

/** The stake as typed (pounds) in pence; undefined unless it is a positive amount with at most two decimals. */
export function readStake(text: string): number | undefined {
  const pence = poundsToPence(text);
  return pence === null || pence <= 0 ? undefined : pence;
}

/**
 * The tool's own filter values from the URL, parsed strictly (amounts by the app's pounds parser,
 * numbers and percents as plain decimals: no exponent, hex or sign), with a message per bad field.
 */
export function readFilterValues(
  filters: readonly FinderFilter[],
  params: URLSearchParams,
): { values: FilterValues; errors: Map<string, string> } {
  const values: Record<string, string | number | undefined> = {};
  const errors = new Map<string, string>();
  for (const f of filters) {
    const raw = (params.get(f.key) ?? f.initial).trim();
    if (f.kind === 'select') {
      values[f.key] = f.options?.some((o) => o.value === raw) === true ? raw : f.initial;
      continue;
    }
    if (raw === '') {
      values[f.key] = undefined;
      continue;
    }
    if (f.kind === 'money') {
      const pence = poundsToPence(raw);
      if (pence === null) errors.set(f.key, 'Enter an amount in pounds with at most two decimals, such as 10 or 12.50.');
      else values[f.key] = pence;
      continue;
    }
    const n = readDecimal(raw);
    if (n === null)
      errors.set(
        f.key,
        f.kind === 'percent' ? 'Enter a percentage as a plain number, such as 5 or 2.5.' : 'Enter a plain number, such as 2 or 1.5.',
      );
    else values[f.key] = f.kind === 'percent' ? n / 100 : n;
  }
  return { values, errors };
}

/** The key and name of a row of one selection at one bookmaker (and one exchange). */
const atBookmaker = {
  key: (r: { selectionId: string; bookmaker: string }) => `${r.selectionId}|${r.bookmaker}`,
  label: (r: { selectionName: string; bookmaker: string }) => `${r.selectionName} at ${r.bookmaker}`,
};
const atExchange = {
  key: (r: { selectionId: string; bookmaker: string; exchange: string }) => `${r.selectionId}|${r.bookmaker}|${r.exchange}`,
  label: (r: { selectionName: string; bookmaker: string; exchange: string }) => `${r.selectionName} at ${r.bookmaker}, ${r.exchange}`,
};

/** A filter with a fixed list of choices (the first is its value when the address has none). */
function choice(
  key: string,
  label: string,
  options: readonly (readonly [value: string, label: string])[],
  paths: readonly string[],
  hint?: string,
): FinderFilter {
  return {
    key,
    label,
    kind: 'select',
    initial: options[0]?.[0] ?? '',
    options: options.map(([value, text]) => ({ value, label: text })),
    paths,
    ...(hint === undefined ? {} : { hint }),
  };
}

const BET_TYPE: FinderFilter = choice(
  'type',
  'Bet type',
  [
    ['qualifying', 'Qualifying bet'],
    ['snr', 'Free bet (stake not returned)'],
    ['sr', 'Free bet (stake returned)'],
  ],
  ['betType', 'offer.betType'],
);

const betType = (v: FilterValues) => (v['type'] === 'snr' || v['type'] === 'sr' ? v['type'] : 'qualifying');
const optionalNumber = (v: FilterValues, key: string) => (typeof v[key] === 'number' ? v[key] : undefined);
const bookmakers = (ctx: FinderRunContext) => (ctx.bookmaker === '' ? undefined : [ctx.bookmaker]);
const common = (ctx: FinderRunContext) => ({
  market: ctx.market,
  stake: ctx.stake,
  limit: ctx.limit,
  exchangeSettings: ctx.exchangeSettings,
  user: ctx.user,
});
const now = () => new Date().toISOString();
/** Where a one-selection row's bet is, for the calculator (which hands it on to its own tracker button). */
const place = (r: {
  eventName: string;
  marketName: string;
  selectionName: string;
  bookmaker: string;
  exchange?: string;
}): CalculatorLink => ({
  event: r.eventName,
  market: r.marketName,
  selection: r.selectionName,
  bookmaker: r.bookmaker,
  ...(r.exchange === undefined ? {} : { exchange: r.exchange }),
});

// Columns several tools share.
function eventColumn<Row extends { eventName: string; marketName?: string; startsAt: string }>(): FinderColumn<Row> {
  return {
    id: 'event',
    header: 'Event',
    cell: (r) => (
      <>
        <span className="finder-strong">{r.eventName}</span>
        <span className="finder-sub">
          {startTime(r.startsAt)}
          {r.marketName === undefined ? null : ` · ${r.marketName}`}
        </span>
      </>
    ),
    sort: (r) => Date.parse(r.startsAt),
  };
}
function selectionColumn<Row extends { selectionName: string }>(): FinderColumn<Row> {
  return { id: 'selection', header: 'Selection', cell: (r) => r.selectionName };
}
/** A price and where it is (a bookmaker or an exchange), with a note under it. */
function priceColumn<Row>(
  id: string,
  header: string,
  price: (r: Row) => number,
  where: (r: Row) => string,
  extra?: (r: Row) => ReactNode,
): FinderColumn<Row> {
  return {
    id,
    header,
    cell: (r) => (
      <>
        <span className="finder-strong">{odds(price(r))}</span> <span className="finder-sub">{where(r)}</span>
        {extra === undefined ? null : <span className="finder-sub">{extra(r)}</span>}
      </>
    ),
    sort: price,
    numeric: true,
  };
}
function backColumn<Row extends { bookmaker: string; backOdds: number }>(extra?: (r: Row) => ReactNode): FinderColumn<Row> {
  return priceColumn(
    'back',
    'Back',
    (r) => r.backOdds,
    (r) => r.bookmaker,
    extra,
  );
}
function layColumn<Row extends { exchange: string; layOdds: number }>(): FinderColumn<Row> {
  return priceColumn(
    'lay',
    'Lay',
    (r) => r.layOdds,
    (r) => r.exchange,
  );
}
/** A list of selections in one cell (an acca's legs, a Lucky bet's selections, a bet builder's parts), each with a line under its name. */
function listColumn<Row, Item extends { selectionId: string; selectionName: string }>(
  id: string,
  header: string,
  items: (r: Row) => readonly Item[],
  detail: (item: Item) => ReactNode,
): FinderColumn<Row> {
  return {
    id,
    header,
    cell: (r) => (
      <ul className="finder-legs">
        {items(r).map((item) => (
          <li key={item.selectionId}>
            {item.selectionName} <span className="finder-sub">{detail(item)}</span>
          </li>
        ))}
      </ul>
    ),
  };
}
function moneyColumn<Row>(id: string, header: string, value: (r: Row) => number): FinderColumn<Row> {
  return { id, header, cell: (r) => money(value(r)), sort: value, numeric: true };
}
function ratioColumn<Row>(id: string, header: string, value: (r: Row) => number, show: (n: number) => string): FinderColumn<Row> {
  return { id, header, cell: (r) => show(value(r)), sort: value, numeric: true };
}

/** A single back and lay: the sdk's backLayBet; an expectation (2UP, BOG) records the engine's expected profit as potential profit. */
function singleLay(
  row: {
    eventName: string;
    marketName: string;
    selectionName: string;
    bookmaker: string;
    backOdds: number;
    exchange: string;
    layOdds: number;
    commission: number;
  },
  source: string,
  stake: number,
  type: 'qualifying' | 'snr' | 'sr',
  expected?: number,
): NewTrackedBet {
  const bet = backLayBet({
    source,
    event: row.eventName,
    market: row.marketName,
    selection: row.selectionName,
    bookmaker: row.bookmaker,
    exchange: row.exchange,
    placedAt: now(),
    calculation: { betType: type, backStake: stake, backOdds: row.backOdds, layOdds: row.layOdds, layCommission: row.commission },
  });
  return expected === undefined ? bet : { ...bet, profitType: 'potential', expectedProfit: Math.round(expected) };
}

/** The win and place parts of an each-way back at the bookmaker (the place odds from the sdk's eachWayReturns). */
function eachWayBacks(
  bookmaker: string,
  backOdds: number,
  placeFraction: number,
  stake: number,
  free: 'snr' | 'sr' | null,
): TrackedLegInput[] {
  const placeOdds = eachWayReturns({ backStake: 1, backOdds, placeFraction }).returnIfPlaces;
  const role = free === null ? 'qualifying' : 'free-bet';
  const freeBet = free === null ? {} : { freeBet: free };
  return [
    { role, side: 'back', account: bookmaker, odds: backOdds, stake, result: 'pending', market: 'win', ...freeBet },
    { role, side: 'back', account: bookmaker, odds: placeOdds, stake, result: 'pending', market: 'place', ...freeBet },
  ];
}

/** A bet of one selection with the legs given, its expected profit the engine's (rounded to the penny). */
function recorded(
  r: { eventName: string; marketName: string; selectionName: string },
  source: string,
  profitType: NewTrackedBet['profitType'],
  legs: readonly TrackedLegInput[],
  expected: number,
  note?: string,
): NewTrackedBet {
  return {
    source,
    profitType,
    event: r.eventName,
    market: r.marketName,
    selection: r.selectionName,
    legs,
    expectedProfit: Math.round(expected),
    placedAt: now(),
    ...(note === undefined ? {} : { note }),
  };
}

const freeOf = (v: FilterValues) => {
  const t = betType(v);
  return t === 'qualifying' ? null : t;
};

const twoUpColumns: FinderColumn<TwoUpRow>[] = [
  eventColumn(),
  { id: 'selection', header: 'Team', cell: (r) => `${r.selectionName} (${r.side})` },
  backColumn((r) => `paid out ${r.goalsAhead} goals up`),
  layColumn(),
  ratioColumn(
    'rating',
    'Rating',
    (r) => r.rating,
    (n) => percent(n),
  ),
  ratioColumn(
    'chance',
    'Chance of early payout without a win',
    (r) => r.earlyPayoutProbability,
    (n) => fractionPercent(n),
  ),
  moneyColumn('ql', 'Qualifying loss', (r) => r.qualifyingLoss),
  moneyColumn('gain', 'Profit if paid early', (r) => r.profitIfPaidEarly),
  moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
];

const twoUp = (master: boolean): FinderSpec<TwoUpRow> => ({
  filters: [],
  run: (ctx) => (master ? findTwoUpValue : findTwoUpMatches)({ ...common(ctx), bookmakers: bookmakers(ctx) }),
  ...atBookmaker,
  columns: twoUpColumns,
  rankColumn: master ? 'ev' : 'rating',
  calculator: (r, ctx) => ({
    ...place(r),
    betType: 'qualifying',
    stake: ctx.stake,
    backOdds: r.backOdds,
    layOdds: r.layOdds,
    layCommission: r.commission,
  }),
  bet: (r, source, ctx) => singleLay(r, source, ctx.stake, 'qualifying', r.expectedProfit),
});

const extraPlaceColumns: FinderColumn<ExtraPlaceRow>[] = [
  eventColumn(),
  selectionColumn(),
  backColumn((r) => `${r.places} places at 1/${Math.round(1 / r.placeFraction)}; exchange ${r.exchangePlaces}`),
  {
    id: 'hedge',
    header: 'Hedge',
    cell: (r) => (
      <>
        {r.hedge === 'eachWayLay' ? 'Lay win and place' : r.hedge === 'layThePlace' ? 'Lay the place' : 'Lock bet'}{' '}
        <span className="finder-sub">{r.exchange}</span>
      </>
    ),
  },
  {
    id: 'chance',
    header: 'Chance of an extra place',
    cell: (r) => (
      <>
        {fractionPercent(r.extraPlaceProbability)} <span className="finder-sub">{r.probabilitySource}</span>
      </>
    ),
    sort: (r) => r.extraPlaceProbability,
    numeric: true,
  },
  moneyColumn('ql', 'Qualifying loss', (r) => r.qualifyingLoss),
  moneyColumn('gain', 'Profit if it lands', (r) => r.profitIfExtraPlace),
  moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  {
    id: 'breakEven',
    header: 'Break-even bets',
    cell: (r) => (r.breakEvenBets === null ? 'never' : r.breakEvenBets.toFixed(1)),
    sort: (r) => (r.breakEvenBets === null ? Infinity : r.breakEvenBets),
    numeric: true,
  },
];

const extraPlace = (master: boolean): FinderSpec<ExtraPlaceRow> => ({
  stakeLabel: 'Stake each way, per part (£)',
  filters: [BET_TYPE],
  run: (ctx, v) => (master ? findExtraPlacesMaster : findExtraPlaces)({ ...common(ctx), bookmakers: bookmakers(ctx), betType: betType(v) }),
  key: (r) => `${r.selectionId}|${r.bookmaker}|${r.exchange}|${r.hedge}`,
  label: (r) => `${r.selectionName} at ${r.bookmaker}, ${r.exchange}`,
  columns: extraPlaceColumns,
  rankColumn: 'ev',
  calculator: (r, ctx, v) => ({ ...place(r), betType: betType(v), stake: ctx.stake, backOdds: r.backOdds, layCommission: r.commission }),
  bet: (r, source, ctx, v) =>
    recorded(
      r,
      source,
      'potential',
      eachWayBacks(r.bookmaker, r.backOdds, r.placeFraction, ctx.stake, freeOf(v)),
      r.expectedProfit,
      `Each way, ${r.places} places (exchange ${r.exchangePlaces}); hedge: ${r.hedge} at ${r.exchange}. Add the lay legs as you place them.`,
    ),
});

const matchCatcher: FinderSpec<MatchCatcherRow> = {
  offerBookmaker: true,
  filters: [
    BET_TYPE,
    {
      key: 'min',
      label: 'Minimum back odds',
      kind: 'number',
      initial: '',
      paths: ['offer.minOdds'],
      hint: 'The offer’s minimum odds, if it has one.',
    },
    { key: 'max', label: 'Maximum back odds', kind: 'number', initial: '', paths: ['offer.maxOdds'] },
    choice(
      'sport',
      'Sport',
      [
        ['', 'All sports'],
        ['football', 'Football'],
        ['horse-racing', 'Horse racing'],
        ['golf', 'Golf'],
      ],
      ['offer.sports'],
    ),
    {
      key: 'hours',
      label: 'Starting within (hours)',
      kind: 'number',
      initial: '',
      paths: ['offer.startsTo'],
      hint: 'The offer’s deadline, if it has one.',
    },
  ],
  run: (ctx, v) => {
    const hours = optionalNumber(v, 'hours');
    return findMatchCatches({
      ...common(ctx),
      offer: {
        bookmaker: ctx.bookmaker,
        betType: betType(v),
        minOdds: optionalNumber(v, 'min'),
        maxOdds: optionalNumber(v, 'max'),
        sports: typeof v['sport'] === 'string' && v['sport'] !== '' ? [v['sport']] : undefined,
        // From the feed's own time, so that the window moves with the prices shown.
        startsTo: hours === undefined ? undefined : new Date(ctx.at + Math.max(0, hours) * 3_600_000).toISOString(),
      },
    });
  },
  ...atExchange,
  columns: [
    eventColumn(),
    selectionColumn(),
    backColumn(),
    layColumn(),
    ratioColumn(
      'rating',
      'Rating',
      (r) => r.rating,
      (n) => percent(n),
    ),
    moneyColumn('layStake', 'Lay stake', (r) => r.layStake),
    moneyColumn('liability', 'Liability', (r) => r.liability),
    moneyColumn('profit', 'Profit', (r) => r.profit),
  ],
  rankColumn: 'rating',
  calculator: (r, ctx, v) => ({
    ...place(r),
    betType: betType(v),
    stake: ctx.stake,
    backOdds: r.backOdds,
    layOdds: r.layOdds,
    layCommission: r.commission,
  }),
  bet: (r, source, ctx, v) => singleLay(r, source, ctx.stake, betType(v)),
};

const eachWayCatcher: FinderSpec<EachWayCatcherRow> = {
  stakeLabel: 'Stake each way, per part (£)',
  filters: [BET_TYPE],
  run: (ctx, v) => findEachWayCatches({ ...common(ctx), bookmakers: bookmakers(ctx), betType: betType(v) }),
  ...atExchange,
  columns: [
    eventColumn(),
    selectionColumn(),
    backColumn((r) => `${r.places} places at 1/${Math.round(1 / r.placeFraction)}`),
    {
      id: 'lay',
      header: 'Lay win / place',
      cell: (r) => (
        <>
          <span className="finder-strong">
            {odds(r.winLayOdds)} / {odds(r.placeLayOdds)}
          </span>{' '}
          <span className="finder-sub">{r.exchange}</span>
        </>
      ),
    },
    moneyColumn('wins', 'If it wins', (r) => r.profitIfWins),
    moneyColumn('places', 'If it places', (r) => r.profitIfPlaces),
    moneyColumn('loses', 'If it loses', (r) => r.profitIfLoses),
    moneyColumn('profit', 'Worst outcome', (r) => r.guaranteedProfit),
  ],
  rankColumn: 'profit',
  calculator: (r, ctx, v) => ({
    ...place(r),
    betType: betType(v),
    stake: ctx.stake,
    backOdds: r.backOdds,
    layOdds: r.winLayOdds,
    layCommission: r.commission,
  }),
  bet: (r, source, ctx, v) => {
    const free = freeOf(v);
    const role = free === null ? 'qualifying' : 'free-bet';
    const commission = r.commission === 0 ? {} : { commission: r.commission };
    const legs: TrackedLegInput[] = [
      ...eachWayBacks(r.bookmaker, r.backOdds, r.placeFraction, ctx.stake, free),
      {
        role,
        side: 'lay',
        account: r.exchange,
        odds: r.winLayOdds,
        stake: Math.round(r.winLayStake),
        result: 'pending',
        market: 'win',
        ...commission,
      },
      {
        role,
        side: 'lay',
        account: r.exchange,
        odds: r.placeLayOdds,
        stake: Math.round(r.placeLayStake),
        result: 'pending',
        market: 'place',
        ...commission,
      },
    ];
    return recorded(r, source, 'guaranteed', legs, r.guaranteedProfit);
  },
};

const accaCatcher: FinderSpec<AccaRow> = {
  offerBookmaker: true,
  filters: [
    choice(
      'kind',
      'Offer',
      [
        ['insurance', 'Acca insurance (refund if one leg loses)'],
        ['qualifying', 'Qualifying acca'],
        ['freeBet', 'Free bet acca'],
      ],
      ['offer.kind'],
    ),
    { key: 'legs', label: 'Legs', kind: 'number', initial: '4', paths: ['offer.legs'] },
    {
      key: 'pool',
      label: 'Best legs to combine',
      kind: 'number',
      initial: '10',
      paths: ['pool'],
      hint: 'How many of the best-rated legs (one per event) the accas are built from: more finds more, slower.',
    },
    { key: 'min', label: 'Minimum leg odds', kind: 'number', initial: '1.5', paths: ['offer.minLegOdds'] },
    { key: 'max', label: 'Maximum leg odds', kind: 'number', initial: '4', paths: ['offer.maxLegOdds'] },
    {
      key: 'refund',
      label: 'Refund (£)',
      kind: 'money',
      initial: '10',
      paths: ['offer.refund', 'offer.refund.amount'],
      when: (v) => v['kind'] === 'insurance',
    },
    {
      key: 'ret',
      label: 'Refund retention (%)',
      kind: 'percent',
      initial: '70',
      paths: ['offer.refund.retention'],
      hint: 'Your estimate of the share of a free-bet refund you keep.',
      when: (v) => v['kind'] === 'insurance',
    },
  ],
  run: (ctx, v) => {
    const kind = v['kind'] === 'qualifying' || v['kind'] === 'freeBet' ? v['kind'] : 'insurance';
    const refund =
      kind === 'insurance' && typeof v['refund'] === 'number' && typeof v['ret'] === 'number'
        ? { amount: v['refund'], retention: v['ret'] }
        : undefined;
    return findAccas({
      ...common(ctx),
      pool: optionalNumber(v, 'pool'),
      offer: {
        bookmaker: ctx.bookmaker,
        kind,
        legs: optionalNumber(v, 'legs') ?? 4,
        minLegOdds: optionalNumber(v, 'min'),
        maxLegOdds: optionalNumber(v, 'max'),
        refund,
      },
    });
  },
  key: (r) => `${r.exchange}|${r.legs.map((l) => l.selectionId).join('+')}`,
  label: (r) => `${r.legs.map((l) => l.selectionName).join(', ')} at ${r.bookmaker}`,
  columns: [
    listColumn(
      'legs',
      'Legs',
      (r) => r.legs,
      (l) => `${odds(l.backOdds)} / lay ${odds(l.layOdds)} · ${l.eventName}`,
    ),
    ratioColumn('odds', 'Acca odds', (r) => r.accaOdds, odds),
    { id: 'exchange', header: 'Exchange', cell: (r) => r.exchange },
    moneyColumn('liability', 'First lay liability', (r) => r.liabilities[0] ?? 0),
    moneyColumn('profit', 'Profit on every path', (r) => r.profit),
  ],
  rankColumn: 'profit',
  calculator: (r, ctx) => ({
    betType: 'qualifying',
    stake: ctx.stake,
    backOdds: Number(r.accaOdds.toFixed(2)),
    event: r.legs.map((l) => l.eventName).join('; '),
    market: `${r.legs.length}-fold acca`,
    selection: r.legs.map((l) => l.selectionName).join(', '),
    bookmaker: r.bookmaker,
    exchange: r.exchange,
  }),
  bet: (r, source, ctx, v) => {
    const commission = r.commission === 0 ? {} : { commission: r.commission };
    const free = v['kind'] === 'freeBet';
    const role = free ? 'free-bet' : 'qualifying';
    return {
      source,
      profitType: 'guaranteed',
      event: r.legs.map((l) => l.eventName).join('; '),
      market: `${r.legs.length}-fold acca`,
      selection: r.legs.map((l) => l.selectionName).join(', '),
      legs: [
        {
          role,
          side: 'back',
          account: r.bookmaker,
          odds: Number(r.accaOdds.toFixed(4)),
          stake: ctx.stake,
          result: 'pending',
          ...(free ? { freeBet: 'snr' as const } : {}),
        },
        ...r.legs.map((l, i): TrackedLegInput => ({
          role,
          side: 'lay',
          account: r.exchange,
          odds: l.layOdds,
          stake: Math.round(r.layStakes[i] ?? 0),
          result: 'pending',
          ...commission,
        })),
      ],
      expectedProfit: Math.round(r.profit),
      placedAt: now(),
      note: 'Lay each leg once the one before it has won (sequential lay).',
    };
  },
};

const bogCatcher: FinderSpec<BogRow> = {
  filters: [
    {
      key: 'vol',
      label: 'Starting-price volatility',
      kind: 'number',
      initial: '0.2',
      paths: ['volatility'],
      hint: 'Log-volatility of the starting price around the fair odds.',
    },
  ],
  run: (ctx, v) => findBogValue({ ...common(ctx), bookmakers: bookmakers(ctx), volatility: optionalNumber(v, 'vol') }),
  ...atExchange,
  columns: [
    eventColumn(),
    selectionColumn(),
    backColumn(),
    layColumn(),
    ratioColumn(
      'chance',
      'Win chance',
      (r) => r.winProbability,
      (n) => fractionPercent(n),
    ),
    ratioColumn('sp', 'Expected SP', (r) => r.expectedStartingPrice, odds),
    moneyColumn('ql', 'Qualifying loss', (r) => r.qualifyingLoss),
    moneyColumn('uplift', 'Expected uplift', (r) => r.expectedUplift),
    moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  ],
  rankColumn: 'ev',
  calculator: (r, ctx) => ({
    ...place(r),
    betType: 'qualifying',
    stake: ctx.stake,
    backOdds: r.backOdds,
    layOdds: r.layOdds,
    layCommission: r.commission,
  }),
  bet: (r, source, ctx) => singleLay(r, source, ctx.stake, 'qualifying', r.expectedProfit),
};

const priceBoostTracker: FinderSpec<PriceBoostRow> = {
  filters: [
    {
      key: 'minRating',
      label: 'Minimum rating (%)',
      kind: 'number',
      initial: '',
      paths: ['minRating'],
      hint: 'Over 100%, both outcomes end ahead at the prices shown.',
    },
  ],
  run: (ctx, v) => findPriceBoosts({ ...common(ctx), bookmakers: bookmakers(ctx), minRating: optionalNumber(v, 'minRating') }),
  ...atExchange,
  columns: [
    eventColumn(),
    selectionColumn(),
    backColumn((r) => `boosted from ${odds(r.boostedFrom)}`),
    layColumn(),
    ratioColumn(
      'rating',
      'Rating',
      (r) => r.rating,
      (n) => percent(n),
    ),
    moneyColumn('layStake', 'Lay stake', (r) => r.layStake),
    moneyColumn('profit', 'Profit', (r) => r.profit),
  ],
  rankColumn: 'rating',
  calculator: (r, ctx) => ({
    ...place(r),
    betType: 'qualifying',
    stake: ctx.stake,
    backOdds: r.backOdds,
    layOdds: r.layOdds,
    layCommission: r.commission,
  }),
  bet: (r, source, ctx) => singleLay(r, source, ctx.stake, 'qualifying'),
};

const luckyFinder: FinderSpec<LuckyRow> = {
  stakeLabel: 'Stake per line (£)',
  offerBookmaker: true,
  filters: [
    choice(
      'bet',
      'Bet',
      [
        ['lucky15', 'Lucky 15 (4 selections)'],
        ['lucky31', 'Lucky 31 (5 selections)'],
        ['lucky63', 'Lucky 63 (6 selections)'],
      ],
      ['offer.bet'],
    ),
    {
      key: 'mult',
      label: 'Odds multiplier for one winner',
      kind: 'number',
      initial: '2',
      paths: ['offer.oneWinnerOddsMultiplier'],
      hint: 'The offer’s bonus when only one selection wins (2 for double odds).',
    },
    { key: 'bonus', label: 'Bonus if all win (%)', kind: 'percent', initial: '10', paths: ['offer.allWinnersBonus'] },
    {
      key: 'pool',
      label: 'Best selections to combine',
      kind: 'number',
      initial: '10',
      paths: ['pool'],
      hint: 'The best selection of each event, up to this many.',
    },
  ],
  run: (ctx, v) =>
    findLuckyBets({
      ...common(ctx),
      pool: optionalNumber(v, 'pool'),
      offer: {
        bookmaker: ctx.bookmaker,
        bet: v['bet'] === 'lucky31' || v['bet'] === 'lucky63' ? v['bet'] : 'lucky15',
        oneWinnerOddsMultiplier: optionalNumber(v, 'mult'),
        allWinnersBonus: optionalNumber(v, 'bonus'),
      },
    }),
  key: (r) => r.selections.map((s) => s.selectionId).join('+'),
  label: (r) => `${r.selections.map((s) => s.selectionName).join(', ')} at ${r.bookmaker}`,
  columns: [
    listColumn(
      'selections',
      'Selections',
      (r) => r.selections,
      (x) => `${odds(x.backOdds)} · lay ${odds(x.layOdds)} at ${x.exchange} · ${x.eventName}`,
    ),
    moneyColumn('stake', 'Total stake', (r) => r.totalStake),
    moneyColumn('bonus', 'Bonus value', (r) => r.bonusValue),
    moneyColumn('layCost', 'Cost of the lays', (r) => r.layCost),
    moneyColumn('worst', 'Worst case', (r) => r.worstCaseProfit),
    moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  ],
  rankColumn: 'ev',
  calculator: (r, ctx) => {
    const first = r.selections[0];
    return first === undefined
      ? {}
      : {
          betType: 'qualifying',
          stake: ctx.stake,
          backOdds: first.backOdds,
          layOdds: first.layOdds,
          layCommission: first.commission,
          event: first.eventName,
          selection: first.selectionName,
          bookmaker: r.bookmaker,
          exchange: first.exchange,
        };
  },
};

const steamChaser: FinderSpec<SteamerRow> = {
  filters: [
    {
      key: 'steam',
      label: 'Least shortening (%)',
      kind: 'percent',
      initial: '5',
      paths: ['minSteam'],
      hint: 'How much the exchange’s fair chance must have risen since the earlier prices.',
    },
    choice(
      'since',
      'Compared with prices from',
      [
        ['60', 'A minute ago'],
        ['300', 'Five minutes ago'],
        ['900', 'Fifteen minutes ago'],
      ],
      ['earlier'],
      'Or since you opened the page, if that was more recent.',
    ),
  ],
  run: (ctx, v) =>
    findSteamers({ ...common(ctx), bookmakers: bookmakers(ctx), earlier: ctx.earlier, minSteam: optionalNumber(v, 'steam') }),
  ...atBookmaker,
  columns: [
    eventColumn(),
    selectionColumn(),
    backColumn(),
    ratioColumn('fair', 'Fair odds', (r) => r.fairOdds, odds),
    ratioColumn(
      'steam',
      'Shortened by',
      (r) => r.steam,
      (n) => fractionPercent(n),
    ),
    ratioColumn(
      'edge',
      'Edge',
      (r) => r.edge,
      (n) => fractionPercent(n),
    ),
    moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  ],
  rankColumn: 'ev',
  calculator: (r, ctx) => ({ ...place(r), betType: 'qualifying', stake: ctx.stake, backOdds: r.backOdds }),
  bet: (r, source, ctx) =>
    recorded(
      r,
      source,
      'ev',
      [{ role: 'qualifying', side: 'back', account: r.bookmaker, odds: r.backOdds, stake: ctx.stake, result: 'pending' }],
      r.expectedProfit,
    ),
};

const betBuilderFinder: FinderSpec<BetBuilderRow> = {
  filters: [],
  run: (ctx) => findBetBuilderValue({ ...common(ctx), bookmakers: bookmakers(ctx) }),
  key: (r) => r.id,
  label: (r) => `${r.eventName} bet builder at ${r.bookmaker}`,
  columns: [
    eventColumn(),
    listColumn(
      'legs',
      'Legs',
      (r) => r.legs,
      (l) => fractionPercent(l.probability),
    ),
    priceColumn(
      'back',
      'Back',
      (r) => r.odds,
      (r) => r.bookmaker,
    ),
    ratioColumn(
      'chance',
      'Chance (legs independent)',
      (r) => r.impliedProbability,
      (n) => fractionPercent(n),
    ),
    ratioColumn(
      'value',
      'Value ratio (approximate)',
      (r) => r.valueRatio,
      (n) => n.toFixed(3),
    ),
    moneyColumn('ev', 'Expected profit (approximate)', (r) => r.expectedProfit),
  ],
  rankColumn: 'value',
  calculator: (r, ctx) => ({
    betType: 'qualifying',
    stake: ctx.stake,
    backOdds: r.odds,
    event: r.eventName,
    market: 'Bet builder',
    selection: r.legs.map((l) => l.selectionName).join(', '),
    bookmaker: r.bookmaker,
  }),
  bet: (r, source, ctx) => ({
    source,
    profitType: 'ev',
    event: r.eventName,
    market: 'Bet builder',
    selection: r.legs.map((l) => l.selectionName).join(', '),
    legs: [{ role: 'qualifying', side: 'back', account: r.bookmaker, odds: r.odds, stake: ctx.stake, result: 'pending' }],
    expectedProfit: Math.round(r.expectedProfit),
    placedAt: now(),
    note: 'Value ratio approximate: the legs are correlated.',
  }),
};

const golfMaster: FinderSpec<GolfRow> = {
  stakeLabel: 'Stake each way, per part (£)',
  filters: [],
  run: (ctx) => findGolfValue({ ...common(ctx), bookmakers: bookmakers(ctx) }),
  ...atBookmaker,
  columns: [
    eventColumn(),
    { id: 'selection', header: 'Player', cell: (r) => r.selectionName },
    backColumn((r) => `${r.places} places at 1/${Math.round(1 / r.placeFraction)}`),
    ratioColumn(
      'win',
      'Win chance',
      (r) => r.winProbability,
      (n) => fractionPercent(n),
    ),
    ratioColumn(
      'place',
      'Place chance',
      (r) => r.placeProbability,
      (n) => fractionPercent(n),
    ),
    ratioColumn(
      'return',
      'Expected return',
      (r) => r.expectedReturn,
      (n) => fractionPercent(n),
    ),
    moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  ],
  rankColumn: 'ev',
  calculator: (r, ctx) => ({ ...place(r), betType: 'qualifying', stake: ctx.stake, backOdds: r.backOdds }),
  bet: (r, source, ctx) =>
    recorded(r, source, 'ev', eachWayBacks(r.bookmaker, r.backOdds, r.placeFraction, ctx.stake, null), r.expectedProfit),
};

/** A tool's description with its row type forgotten (the page handles rows only through the description). */
export type AnyFinderSpec = FinderSpec<unknown>;
const erase = <Row,>(spec: FinderSpec<Row>) => spec as unknown as AnyFinderSpec;

/** The description of each finder tool, by catalogue tool key. */
export const finderSpecs: Readonly<Record<string, AnyFinderSpec>> = {
  matchCatcher: erase(matchCatcher),
  eachWayCatcher: erase(eachWayCatcher),
  accaCatcher: erase(accaCatcher),
  twoUpMatcher: erase(twoUp(false)),
  twoUpMaster: erase(twoUp(true)),
  extraPlaceCatcher: erase(extraPlace(false)),
  extraPlaceMaster: erase(extraPlace(true)),
  bogCatcher: erase(bogCatcher),
  priceBoostTracker: erase(priceBoostTracker),
  luckyFinder: erase(luckyFinder),
  steamChaser: erase(steamChaser),
  betBuilderFinder: erase(betBuilderFinder),
  golfMaster: erase(golfMaster),
};
