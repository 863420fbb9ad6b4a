// The Odds API's usage quota: what a poll costs, when the quota renews, and how far apart polls
// must be for the credits left to last until then.
//
// The provider states (https://the-odds-api.com/liveapi/guides/v4/#usage-quota-costs): an odds
// request costs [markets] × [regions] credits; with `bookmakers=` every group of 10 bookmakers
// counts as one region; the sports and events lists cost nothing. A subscription's credits are
// monthly: they renew on the subscription's day of the month (`quotaResetDay`).

/** Credits one odds request costs: markets × regions, or markets × ⌈bookmakers ÷ 10⌉ with a bookmaker list. */
export function requestCost(markets: number, regions: number, bookmakers?: number): number {
  const units = bookmakers === undefined ? regions : Math.ceil(bookmakers / 10);
  return markets * units;
}

/** The first renewal strictly after `now`: day `day` (1 to 28) of a month at 00:00 UTC. */
export function nextReset(now: number, day: number): number {
  const at = new Date(now);
  const thisMonth = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), day);
  return thisMonth > now ? thisMonth : Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, day);
}

/** What the pacing rule reads. */
export interface PaceInput {
  readonly now: number;
  /** The configured interval between polls, ms: the fastest the provider polls. */
  readonly intervalMs: number;
  /** Credits left (the last `x-requests-remaining`), or null before the first answer. */
  readonly remaining: number | null;
  /** Credits one whole poll costs (every sport polled once). */
  readonly cycleCost: number;
  /** When the credits renew, epoch ms. */
  readonly resetAt: number;
}

/**
 * **The pacing rule.** The next poll starts `max(intervalMs, (resetAt − now) × cycleCost ÷
 * remaining)` after this one: the credits left are spread evenly over the time left until they
 * renew, so at the configured interval while they are plentiful and slower as they shrink, never
 * running out before the renewal. Before the quota is known (no answer yet) it is `intervalMs`.
 * With fewer credits than a whole poll the result is the time until the renewal (the provider
 * then polls the sports it can still afford once, and stops when a request would cost more than
 * is left).
 */
export function pacedInterval({ now, intervalMs, remaining, cycleCost, resetAt }: PaceInput): number {
  if (remaining === null || cycleCost <= 0) return intervalMs;
  const untilReset = Math.max(0, resetAt - now);
  if (remaining <= 0) return Math.max(intervalMs, untilReset);
  return Math.max(intervalMs, Math.min(untilReset, Math.ceil((untilReset * cycleCost) / remaining)));
}
