// A provider's book checked on arrival, before the combiner reads it: a record that the feed's
// model would refuse (odds of 1 or less, liquidity in fractions of a penny, a key that is not a
// lower-case feed key, a time that is not a number...) is left out, and named in `problems` (by
// its path in the book), so that one bad record costs that record only and the snapshot always
// passes `parseMarketSnapshot`. A provider already checks what it maps (each says so); this is the
// combiner not trusting that every provider always will.
import { MAX_ODDS } from '@matchkit/sdk/calculators';
import type {
  ProviderBackPrice,
  ProviderBook,
  ProviderEvent,
  ProviderExchangePrice,
  ProviderMarket,
  ProviderQuote,
  ProviderRunner,
} from './provider';

const FEED_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const isKey = (s: unknown): s is string => typeof s === 'string' && FEED_KEY.test(s);
const isText = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';
const isInstant = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
const isOdds = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 1 && n <= MAX_ODDS;
const isPence = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
/** The array, or none when a provider sent something else. */
const list = <T>(xs: readonly T[] | undefined): readonly T[] => (Array.isArray(xs) ? xs : []);
const isQuote = (q: ProviderQuote | null): boolean => q === null || (typeof q === 'object' && isOdds(q.odds) && isPence(q.liquidity));

/** A book with every record the feed's model would refuse left out, and where each one was. */
export interface SanitisedBook {
  readonly book: ProviderBook;
  /** One line per record left out: its path in the book and why. */
  readonly problems: readonly string[];
}

/** Checks a provider's book (see the file's header). */
export function sanitiseBook(book: ProviderBook): SanitisedBook {
  const problems: string[] = [];
  const events: ProviderEvent[] = [];
  const seen = new Set<string>();
  list(book.events).forEach((e, i) => {
    const at = `events.${i}`;
    if (!isText(e.key) || seen.has(e.key)) return void problems.push(`${at}.key: missing or repeated`);
    if (!isKey(e.sport)) return void problems.push(`${at}.sport: not a lower-case feed key`);
    if (!isText(e.name)) return void problems.push(`${at}.name: empty`);
    if (!isInstant(e.startsAt)) return void problems.push(`${at}.startsAt: not epoch milliseconds`);
    if (!Array.isArray(e.participants) || !e.participants.every(isText) || e.participants.length > 2)
      return void problems.push(`${at}.participants: not up to two names`);
    if (e.competition !== undefined && !isText(e.competition)) return void problems.push(`${at}.competition: empty`);
    if (e.confirmedAt !== undefined && !isInstant(e.confirmedAt)) return void problems.push(`${at}.confirmedAt: not epoch milliseconds`);
    seen.add(e.key);
    const markets = list(e.markets).flatMap((m, j) => market(m, `${at}.markets.${j}`, problems));
    if (markets.length > 0) events.push({ ...e, markets });
  });
  const pace = book.pollIntervalMs;
  const paceOk = Number.isSafeInteger(pace) && (pace as number) > 0;
  if (pace !== undefined && !paceOk) problems.push('pollIntervalMs: not a whole number of milliseconds above 0');
  return { book: { provider: book.provider, events, ...(paceOk ? { pollIntervalMs: pace } : {}) }, problems };
}

function market(m: ProviderMarket, at: string, problems: string[]): ProviderMarket[] {
  if (!isKey(m.type)) return (void problems.push(`${at}.type: not a lower-case feed key`), []);
  if (!isText(m.name)) return (void problems.push(`${at}.name: empty`), []);
  if (m.places !== undefined && !(Number.isSafeInteger(m.places) && m.places >= 1))
    return (void problems.push(`${at}.places: not a whole number of at least 1`), []);
  const runners: ProviderRunner[] = [];
  list(m.runners).forEach((r, k) => {
    const ra = `${at}.runners.${k}`;
    if (!isText(r.name) || /^[^\p{L}\p{N}]*$/u.test(r.name)) return void problems.push(`${ra}.name: no letters or digits`);
    const back = list(r.back).filter((p, n) => backOk(p, `${ra}.back.${n}`, problems));
    const exchange = list(r.exchange).filter((p, n) => exchangeOk(p, `${ra}.exchange.${n}`, problems));
    runners.push({ ...r, back, exchange });
  });
  return runners.length === 0 ? [] : [{ ...m, runners }];
}

function backOk(p: ProviderBackPrice, at: string, problems: string[]): boolean {
  const why = !isKey(p.bookmaker)
    ? 'bookmaker: not a lower-case feed key'
    : !isOdds(p.odds)
      ? 'odds: not decimal odds above 1'
      : !isInstant(p.updatedAt)
        ? 'updatedAt: not epoch milliseconds'
        : p.eachWay !== undefined &&
            !(
              Number.isSafeInteger(p.eachWay.places) &&
              p.eachWay.places >= 1 &&
              p.eachWay.placeFraction > 0 &&
              p.eachWay.placeFraction <= 1
            )
          ? 'eachWay: places or fraction out of range'
          : null;
  if (why !== null) problems.push(`${at}.${why}`);
  return why === null;
}

function exchangeOk(p: ProviderExchangePrice, at: string, problems: string[]): boolean {
  const why = !isKey(p.exchange)
    ? 'exchange: not a lower-case feed key'
    : !isQuote(p.back) || !isQuote(p.lay)
      ? 'back or lay: odds not above 1 or liquidity not whole pence'
      : p.back === null && p.lay === null
        ? 'back and lay: neither offered'
        : !(typeof p.commission === 'number' && p.commission >= 0 && p.commission < 1)
          ? 'commission: not a fraction in [0, 1)'
          : !isInstant(p.updatedAt)
            ? 'updatedAt: not epoch milliseconds'
            : null;
  if (why !== null) problems.push(`${at}.${why}`);
  return why === null;
}
