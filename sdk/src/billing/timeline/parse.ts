// Reading a subscription: the input checked field by field (every problem named by its path) into
// the parsed form the fold runs on.
import type { Brand } from '../../brands/schema';
import { londonCalendar, type LondonCalendar } from '../../internal/london';
import type { BillingTerm } from '../../model/schemas';
import { isRecord } from '../../internal/guards';
import { at, readInstant, readObject, readString, type Issues } from '../check';
import { unknownKeys } from '../../internal/keys';
import { isBrandPlan, upgradeMessage } from './prices';
import type { PlanUpgrade } from './types';

/** A subscription id: what prefixes its events' ids. */
const SUBSCRIPTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type ParsedChange =
  | { readonly type: 'cancel' | 'cancel-downgrade' | 'payment-failed' | 'payment-retried'; readonly at: number; readonly index: number }
  | { readonly type: 'upgrade'; readonly at: number; readonly index: number; readonly upgrade: PlanUpgrade }
  | { readonly type: 'downgrade'; readonly at: number; readonly index: number; readonly plan: string };

export interface Parsed {
  readonly b: Brand;
  readonly cal: LondonCalendar;
  readonly id: string;
  readonly plan: string;
  readonly term: BillingTerm;
  readonly months: number;
  readonly startedAt: number;
  readonly trialEnd: number | null;
  /** Start of the first paid term: the trial's end, or `startedAt`. */
  readonly firstTerm: number;
  readonly windowDays: number;
  readonly changes: readonly ParsedChange[];
}

const CHANGE_TYPES = "'cancel', 'upgrade', 'downgrade', 'cancel-downgrade', 'payment-failed' or 'payment-retried'";
const SIMPLE_CHANGES = ['cancel', 'cancel-downgrade', 'payment-failed', 'payment-retried'] as const;
const isSimple = (x: unknown): x is (typeof SIMPLE_CHANGES)[number] => (SIMPLE_CHANGES as readonly unknown[]).includes(x);
const FIELDS: Readonly<Record<string, readonly string[]>> = { upgrade: ['type', 'at', 'slug'], downgrade: ['type', 'at', 'plan'] };

export function parseSubscription(b: Brand, input: unknown, path: string, issues: Issues): Parsed {
  const s = readObject(input, path, issues);
  const whole = isRecord(input); // a missing subscription is one issue, not one per field
  if (whole) unknownKeys(s, ['id', 'plan', 'term', 'startedAt', 'trial', 'changes'], path, issues, 'a field of a subscription');
  const id = s['id'];
  if (whole && (typeof id !== 'string' || !SUBSCRIPTION_ID.test(id))) {
    issues.push({
      path: at(path, 'id'),
      message: id === undefined ? 'is required' : 'must be 1 to 64 letters, digits, underscores or hyphens (it prefixes every event id)',
    });
  }
  const fieldIssues: Issues = whole ? issues : [];
  const plan = readString(s['plan'], at(path, 'plan'), fieldIssues);
  if (plan !== '') isBrandPlan(b, plan, at(path, 'plan'), issues);
  const term = s['term'];
  if (whole && term !== 'month' && term !== 'year') issues.push({ path: at(path, 'term'), message: "must be 'month' or 'year'" });
  const startedAt = readInstant(s['startedAt'], at(path, 'startedAt'), fieldIssues);
  const trial = s['trial'] === undefined ? false : s['trial'];
  if (typeof trial !== 'boolean') issues.push({ path: at(path, 'trial'), message: 'must be a boolean' });
  const rawChanges = s['changes'] === undefined ? [] : s['changes'];
  const changes: ParsedChange[] = [];
  if (!Array.isArray(rawChanges)) {
    issues.push({ path: at(path, 'changes'), message: 'expected an array of changes' });
  } else {
    let previous = startedAt;
    let previousName = 'startedAt';
    rawChanges.forEach((raw: unknown, index) => {
      const p = at(at(path, 'changes'), index);
      if (!isRecord(raw)) {
        readObject(raw, p, issues);
        return;
      }
      const c = raw;
      const t = readInstant(c['at'], at(p, 'at'), issues);
      if (!Number.isNaN(t) && !Number.isNaN(previous) && t < previous) {
        issues.push({
          path: at(p, 'at'),
          message:
            previousName === 'startedAt'
              ? 'must not be before startedAt'
              : `must not be before ${previousName} (changes are in time order)`,
        });
      }
      if (!Number.isNaN(t) && !(t < previous)) {
        previous = t;
        previousName = `changes.${index}.at`;
      }
      const type = c['type'];
      if (typeof type === 'string' && (isSimple(type) || type in FIELDS)) {
        unknownKeys(c, FIELDS[type] ?? ['type', 'at'], p, issues, `a field of a '${type}' change`);
      }
      if (isSimple(type)) {
        changes.push({ type, at: t, index });
      } else if (type === 'downgrade') {
        const to = readString(c['plan'], at(p, 'plan'), issues);
        if (to !== '' && isBrandPlan(b, to, at(p, 'plan'), issues)) changes.push({ type: 'downgrade', at: t, index, plan: to });
      } else if (type === 'upgrade') {
        const found = b.upgrades.find((u) => u.slug === c['slug']);
        if (found === undefined) issues.push({ path: at(p, 'slug'), message: upgradeMessage(b, c['slug']) });
        else changes.push({ type: 'upgrade', at: t, index, upgrade: { slug: found.slug, from: found.from, to: found.to } });
      } else {
        issues.push({ path: at(p, 'type'), message: `must be ${CHANGE_TYPES}` });
      }
    });
  }
  const cal = londonCalendar();
  const trialEndMs = trial === true && !Number.isNaN(startedAt) ? cal.addDays(startedAt, b.onboarding.trialDays) : null;
  return {
    b,
    cal,
    id: typeof id === 'string' ? id : '',
    plan,
    term: term as BillingTerm,
    months: term === 'year' ? 12 : 1,
    startedAt,
    trialEnd: trialEndMs,
    firstTerm: trialEndMs ?? startedAt,
    windowDays: b.billing.daysBeforeSubscriptionEndNotToCharge,
    changes,
  };
}
