// The Odds API v4 as an OddsProvider: polls the odds of the configured sports over HTTP within the
// account's monthly credits, and hands the combiner one whole book after each poll that changed it.
//
// One poll ("cycle"):
// 1. the in-season sports list (free) when it is older than `sportsRefreshMs`, or while the
//    credits are spent (it reports the quota without spending any); `tennis_atp_*` expands to the
//    in-season keys it lists; an inactive or outright-only sport is not polled;
// 2. for each sport, the events starting between now and now + `horizonMs` (free): a sport with
//    none costs nothing more, its events leave the book;
// 3. for a sport with events, its odds for the same window (markets × regions credits), read
//    entry by entry (a malformed entry is counted, logged with its field and left out).
// Before each paid request the credits left (the last `x-requests-remaining`) must cover its cost;
// if not, the provider stops polling ("out of credits", health `down`) and checks again, for
// free, every `exhaustedProbeMs` and at the renewal. The next cycle starts after the pacing
// rule's interval (quota.ts): the configured interval while credits are plentiful, longer as they
// shrink (health `degraded`, saying how often it polls), so they last until the renewal.
// 429: the cycle ends and the next starts after Retry-After when the answer has one, else after
// 2 s doubling to 1 minute (the provider's advice: retry after a couple of seconds); that next
// cycle polls only the sports the interrupted one had not reached. 401 on the
// key: polling stops for good, health `down` ("the key was refused"). The key is never logged.
//
// Freshness: each event of a book carries `confirmedAt` (when the answer that returned it came), and
// the book its pace (`pollIntervalMs`, when the next poll is due), so the feed judges its prices by
// the poll that confirmed them and the provider by the polls it misses (provider-feed.ts).
//
// Exchange liquidity: the provider gives a price's size only as `bet_limit` with
// `includeBetLimits=true`, and not for every exchange. A price without one carries liquidity 0,
// which here means "not reported" (the combiner should take a stream provider's figure for the
// same exchange, Betfair's, when there is one, and must not read 0 as an empty book).
import { londonDate } from '@matchkit/app-contract';
import type { OddsProvider, ProviderBook, ProviderEvent, ProviderHealth } from '../provider';
import {
  getJson,
  OddsApiKeyRefused,
  OddsApiOutOfCredits,
  OddsApiRateLimited,
  OddsApiRequestFailed,
  scrub,
  type ClientSetup,
} from './client';
import { newestUpdate, toProviderEvent, type MappingTables } from './mapping';
import { resolveOptions, type OddsApiProviderOptions, type ResolvedOptions } from './options';
import { nextReset, pacedInterval, requestCost } from './quota';
import { systemTimers, type TimerHandle } from './timers';
import { OddsApiAnswerError, readEventCount, readOdds, readSports, type WireIssue, type WireSport } from './wire';

export {
  OddsApiOptionsError,
  type OddsApiBookStore,
  type OddsApiPacing,
  type OddsApiPacingStore,
  type OddsApiProviderOptions,
  type OddsApiSportBook,
} from './options';

const RATE_LIMIT_FIRST_MS = 2_000;
const RATE_LIMIT_MAX_MS = 60_000;

/** "12 minutes", "45 seconds", "2 hours": an interval as a member reads it. */
export function inWords(ms: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (ms < 60_000) return unit(Math.max(1, Math.round(ms / 1000)), 'second');
  if (ms < 3_600_000) return unit(Math.round(ms / 60_000), 'minute');
  return unit(Math.round(ms / 3_600_000), 'hour');
}

/** The sport keys to poll: exact keys that are in season, and every in-season key a `prefix_*` entry matches. */
export function sportsToPoll(wanted: readonly string[], listed: readonly WireSport[]): string[] {
  const inSeason = listed.filter((s) => s.active && !s.has_outrights);
  const keys = new Set<string>();
  for (const w of wanted) {
    if (w.endsWith('*')) for (const s of inSeason) if (s.key.startsWith(w.slice(0, -1))) keys.add(s.key);
    if (!w.endsWith('*') && inSeason.some((s) => s.key === w)) keys.add(w);
  }
  return [...keys].sort();
}

/**
 * The Odds API v4 provider (`odds-api`): bookmakers' back prices and the exchanges' back and lay
 * prices of the match-result market for the configured sports, polled within the account's
 * credits. Throws `OddsApiOptionsError` naming an option refused.
 *
 * @example
 * ```ts
 * const provider = createOddsApiProvider({
 *   apiKey: process.env.ODDS_API_KEY!,
 *   sports: ['soccer_epl', 'soccer_efl_champ', 'tennis_atp_*'],
 *   clock: systemClock,
 *   logger,
 * });
 * provider.start((book) => combiner.accept(book));
 * provider.health(); // { provider: 'odds-api', state: 'starting', quotaRemaining: null, ... }
 * await provider.stop();
 * ```
 */
export function createOddsApiProvider(options: OddsApiProviderOptions): OddsProvider {
  const o: ResolvedOptions = resolveOptions(options);
  const { clock, logger } = options;
  const timers = options.timers ?? systemTimers;
  const abort = new AbortController();
  const log = logger.child({ provider: o.id });
  const say = (text: string) => scrub(text, o.apiKey);

  const cost = requestCost(o.markets.length, o.regions.length, o.bookmakers?.length);
  const bySport = new Map<string, ProviderEvent[]>();
  let listed: { sports: WireSport[]; at: number } | null = null;
  let competitions = new Map<string, string>();
  let quotaRemaining: number | null = null;
  let requests = 0;
  let errors = 0;
  let lastBookAt: number | null = null;
  let lagMs: number | null = null;
  let state: ProviderHealth['state'] = 'starting';
  let detail: string | null = null;
  let reason: ProviderHealth['reason'] = null;
  let exhausted = false;
  let rateLimitedTimes = 0;
  // When each sport was last polled (the start of that cycle), and the pace then set: a cycle
  // that follows a 429 or a failure polls only the sports not polled within the pace, so a
  // retry never pays twice for the same sport in one pacing window. Kept in `options.pacing` too
  // (read before the first poll, written after each cycle that changed them), so that a restart
  // or a new leader does not pay for every sport at once: a crash loop would drain the credits.
  const polledAt = new Map<string, number>();
  let pace = 0;
  let pacingLoaded = options.pacing === undefined && options.books === undefined;
  let pacingChanged = false;
  // Each sport's last answer is kept too (`options.books`): a restart or a new leader serves it at
  // its true age (its events keep the `confirmedAt` of that answer) rather than nothing until the
  // sport's pace ends. The sports answered since the last write, and when.
  const answeredAt = new Map<string, number>();
  let stopped = false;
  let started = false;
  let timer: TimerHandle | null = null;
  let running: Promise<void> | null = null;
  let onBook: (book: ProviderBook) => void = () => undefined;

  const setup: ClientSetup = {
    baseUrl: o.baseUrl,
    apiKey: o.apiKey,
    timeoutMs: o.requestTimeoutMs,
    fetch: options.fetch ?? fetch,
    signal: abort.signal,
    onQuota: (quota) => {
      if (quota.remaining !== null) quotaRemaining = quota.remaining;
    },
  };
  const get = (path: string, params: Record<string, string>) => {
    requests += 1;
    return getJson(setup, path, params, clock);
  };

  const tables = (): MappingTables => ({ bookmakers: o.bookmakerKeys, exchanges: o.exchanges, omit: o.omitBookmakers, competitions });

  function report(issues: readonly WireIssue[], what: string) {
    for (const issue of issues) {
      errors += 1;
      log.warn({ field: issue.field, problem: issue.problem }, `odds-api: malformed ${what} entry left out`);
    }
  }

  async function loadSports(now: number) {
    const { body } = await get('/v4/sports', {});
    const read = readSports(body);
    report(read.issues, 'sports');
    listed = { sports: read.value, at: now };
    competitions = new Map(read.value.map((s) => [s.key, s.title]));
  }

  const window = (now: number) => ({
    commenceTimeFrom: new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    commenceTimeTo: new Date(now + o.horizonMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  });

  async function pollSport(sport: string, now: number): Promise<'polled' | 'empty' | 'unaffordable'> {
    const range = window(now);
    const { body: listedEvents } = await get(`/v4/sports/${encodeURIComponent(sport)}/events`, { ...range, dateFormat: 'iso' });
    if (readEventCount(listedEvents) === 0) {
      bySport.delete(sport);
      answeredAt.set(sport, now);
      return 'empty';
    }
    if (quotaRemaining !== null && quotaRemaining < cost) return 'unaffordable';
    const { body } = await get(`/v4/sports/${encodeURIComponent(sport)}/odds`, {
      ...(o.bookmakers === null ? { regions: o.regions.join(',') } : { bookmakers: o.bookmakers.join(',') }),
      markets: o.markets.join(','),
      oddsFormat: 'decimal',
      dateFormat: 'iso',
      ...range,
      ...(o.includeBetLimits ? { includeBetLimits: 'true' } : {}),
    });
    const read = readOdds(body);
    const issues = [...read.issues];
    // This answer confirms every price in it: that is how fresh they are until the next poll.
    const confirmedAt = clock();
    const events = read.value
      .map((e, i) => toProviderEvent(e, tables(), issues, `[${i}]`))
      .filter((e): e is ProviderEvent => e !== null && e.startsAt >= now)
      .map((e) => ({ ...e, confirmedAt }));
    report(
      issues.map((i) => ({ ...i, field: `${sport}${i.field}` })),
      'odds',
    );
    bySport.set(sport, events);
    answeredAt.set(sport, confirmedAt);
    return 'polled';
  }

  /** Hands over the whole book; `pollIntervalMs`: the pace just set (when the next poll is due). */
  /** Publishes the book of every sport; `bookAt` is when its newest answer came (a kept one's own time). */
  function emit(now: number, pollIntervalMs?: number, bookAt: number = now) {
    const events = [...bySport.values()].flat().sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    lastBookAt = bookAt;
    const newest = newestUpdate(events);
    lagMs = newest === null ? null : Math.max(0, now - newest);
    onBook({ provider: o.id, events, ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }) });
  }

  function outOfCredits(now: number): number {
    exhausted = true;
    const resetAt = nextReset(now, o.quotaResetDay);
    state = 'down';
    detail = `The odds service's allowance for this month is used up; its prices resume when it renews on ${londonDate(resetAt)}.`;
    reason = { kind: 'paused', until: resetAt };
    log.warn({ quotaRemaining, resetAt: new Date(resetAt).toISOString() }, 'odds-api: out of credits, polling stopped until they renew');
    return Math.max(1, Math.min(o.exhaustedProbeMs, resetAt - now));
  }

  /** Reads the pacing and the books the previous run left (once; a store that fails leaves this run's own). */
  async function loadPacing() {
    if (pacingLoaded) return;
    pacingLoaded = true;
    await loadBooks();
    if (options.pacing === undefined) return;
    try {
      const kept = await options.pacing.load();
      if (kept === null || !Number.isSafeInteger(kept.paceMs) || kept.paceMs < 0) return;
      pace = kept.paceMs;
      for (const [sport, at] of Object.entries(kept.polledAt)) if (Number.isSafeInteger(at)) polledAt.set(sport, at);
    } catch (error) {
      log.warn({ err: error }, 'odds-api: the pacing of the previous run could not be read; polling as if none');
    }
  }

  /**
   * Serves each sport's last answer the previous run kept, as it was, at once (before the first
   * poll, which may fail): its events keep the `confirmedAt` of that answer, so the feed shows them
   * with their true age and hides them once older than its poll age; events that have started are
   * left out (a poll would not list them), and so is a stored element that is not an event with a
   * start (the feed checks the rest of every record again).
   */
  async function loadBooks() {
    if (options.books === undefined) return;
    let newest: number | null = null;
    try {
      const kept = await options.books.load();
      const now = clock();
      for (const [sport, book] of Object.entries(kept)) {
        if (!Number.isSafeInteger(book.fetchedAt) || !Array.isArray(book.events)) continue;
        const events = book.events
          .filter((e: unknown) => (startsAt(e) ?? -Infinity) >= now)
          .map((e) => ({ ...e, confirmedAt: book.fetchedAt }));
        if (events.length > 0 && !bySport.has(sport)) {
          bySport.set(sport, events);
          newest = Math.max(newest ?? book.fetchedAt, book.fetchedAt);
        }
      }
    } catch (error) {
      log.warn({ err: error }, 'odds-api: the books of the previous run could not be read; serving none until each sport is polled');
    }
    if (newest !== null) emit(clock(), undefined, newest);
  }

  /** Writes the last answer of each sport answered since the last write. */
  function saveBooks() {
    const store = options.books;
    if (store === undefined || answeredAt.size === 0) return;
    const answered = [...answeredAt];
    answeredAt.clear();
    for (const [sport, fetchedAt] of answered)
      store
        .save(sport, { fetchedAt, events: bySport.get(sport) ?? [] })
        .catch((error: unknown) => log.warn({ err: error, sport }, 'odds-api: a sport’s book could not be kept for the next run'));
  }

  /** Writes the pacing when a cycle changed it. */
  function savePacing() {
    if (!pacingChanged || options.pacing === undefined) return;
    pacingChanged = false;
    options.pacing
      .save({ paceMs: pace, polledAt: Object.fromEntries(polledAt) })
      .catch((error: unknown) => log.warn({ err: error }, 'odds-api: the pacing could not be kept for the next run'));
  }

  /**
   * The delay before the next cycle: `delay`, or sooner when this cycle polled nothing because
   * every sport was polled within the pace (a restart): until the first of them is due.
   */
  function nextDelay(skipped: readonly string[], polled: number, now: number, delay: number) {
    if (polled > 0 || skipped.length === 0) return delay;
    const due = skipped.map((sport) => (polledAt.get(sport) ?? now) + pace - now);
    return Math.max(1, Math.min(delay, ...due));
  }

  /** One cycle; resolves to the delay before the next, or null to stop for good. */
  async function cycle(): Promise<number | null> {
    await loadPacing();
    const now = clock();
    const skipped: string[] = [];
    let polled = 0;
    try {
      if (listed === null || exhausted || now - listed.at >= o.sportsRefreshMs) await loadSports(now);
      if (exhausted) {
        if (quotaRemaining === null || quotaRemaining < cost) return outOfCredits(now);
        exhausted = false;
        polledAt.clear();
        log.info({ quotaRemaining }, 'odds-api: credits renewed, polling again');
      }
      const sports = sportsToPoll(o.sports, listed?.sports ?? []);
      for (const gone of [...bySport.keys()]) if (!sports.includes(gone)) bySport.delete(gone);
      for (const sport of sports) {
        if (stopped) return null;
        if ((polledAt.get(sport) ?? -Infinity) + pace > now) {
          skipped.push(sport);
          continue;
        }
        let outcome: Awaited<ReturnType<typeof pollSport>>;
        try {
          outcome = await pollSport(sport, now);
        } catch (error) {
          if (error instanceof OddsApiAnswerError) {
            errors += 1; // this sport's answer is not the documented shape: its last book stays, the others go on
            log.warn({ sport, field: `${sport}.${error.field}` }, 'odds-api: an answer that is not the documented shape left out');
            continue;
          }
          if (!(error instanceof OddsApiRequestFailed) || error.status === null || error.status >= 500) throw error;
          errors += 1; // this sport refused (422 UNKNOWN_SPORT, INVALID_MARKET...): the others go on
          log.warn({ sport, status: error.status, errorCode: error.errorCode }, say(error.message));
          continue;
        }
        if (outcome === 'unaffordable') {
          emit(clock());
          return outOfCredits(clock());
        }
        polledAt.set(sport, now);
        polled += 1;
        pacingChanged = true;
      }
      if (stopped) return null;
      rateLimitedTimes = 0;
      if (quotaRemaining !== null && quotaRemaining < cost) {
        emit(clock());
        return outOfCredits(clock());
      }
      const resetAt = nextReset(clock(), o.quotaResetDay);
      const delay = pacedInterval({
        now: clock(),
        intervalMs: o.intervalMs,
        remaining: quotaRemaining,
        cycleCost: Math.max(1, bySport.size) * cost,
        resetAt,
      });
      if (delay > o.intervalMs) {
        state = 'degraded';
        detail = `Odds from the odds service are refreshed every ${inWords(delay)} instead of every ${inWords(o.intervalMs)}, so that this month's allowance lasts until it renews on ${londonDate(resetAt)}.`;
        reason = { kind: 'rationed', until: resetAt };
      } else {
        state = 'live';
        detail = null;
        reason = null;
      }
      if (pace !== delay) pacingChanged = true;
      pace = delay;
      emit(clock(), delay);
      return nextDelay(skipped, polled, now, delay);
    } catch (error) {
      if (stopped) return null;
      if (error instanceof OddsApiOutOfCredits) return outOfCredits(clock());
      errors += 1;
      if (error instanceof OddsApiKeyRefused) {
        state = 'down';
        detail = 'The odds service refused the key; its prices stop until the key is replaced.';
        reason = { kind: 'unavailable' };
        log.error({ errorCode: error.errorCode }, 'odds-api: the key was refused, polling stopped');
        return null;
      }
      if (error instanceof OddsApiRateLimited) {
        const delay = error.retryAfterMs ?? Math.min(RATE_LIMIT_MAX_MS, RATE_LIMIT_FIRST_MS * 2 ** rateLimitedTimes);
        rateLimitedTimes += 1;
        state = 'degraded';
        detail = `The odds service asked for fewer requests; trying again in ${inWords(delay)}.`;
        reason = { kind: 'late', until: clock() + delay };
        log.warn({ retryAfterMs: error.retryAfterMs, delayMs: delay }, 'odds-api: rate limited (429), backing off');
        return Math.max(1, delay);
      }
      const message = error instanceof Error ? say(error.message) : 'odds-api: unknown failure';
      // Nothing served yet: still starting (no reason, as the contract says); else late.
      state = lastBookAt === null ? 'starting' : 'degraded';
      detail = 'The odds service did not answer; trying again shortly.';
      reason = lastBookAt === null ? null : { kind: 'late', until: clock() + o.intervalMs };
      log.error({ failure: message }, 'odds-api: poll failed');
      return o.intervalMs;
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = timers.setTimeout(() => {
      timer = null;
      running = cycle().then((next) => {
        running = null;
        savePacing();
        saveBooks();
        if (next !== null) schedule(next);
      });
    }, delay);
  }

  return {
    id: o.id,
    start(listener) {
      if (started) throw new Error(`${o.id}: start() was already called`);
      started = true;
      onBook = listener;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      abort.abort();
      await running;
    },
    health: () => ({ provider: o.id, state, detail, reason, lastBookAt, requests, messages: 0, errors, quotaRemaining, lagMs }),
  };
}

/** The start of a stored event, or null when the element is not an event with a numeric start. */
function startsAt(element: unknown): number | null {
  if (typeof element !== 'object' || element === null) return null;
  const at = (element as { startsAt?: unknown }).startsAt;
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}
