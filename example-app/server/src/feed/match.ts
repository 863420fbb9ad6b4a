// The event matching rule: which providers' events are one event, and the stable id the feed gives
// it (docs/feed.md, "Matching events across sources").
//
// Two events from different providers are one event when
//   - their sports are equal,
//   - their sides are equal after normalisation (names.ts), in the same order (home first): an
//     event with two participants is known by them; a race or an outright, which has none, by its
//     competition (the meeting, the tournament), or by its name when it has no competition,
//   - and their start times, taken to the minute, are within the sport's tolerance (15 minutes for
//     football, the same minute for a race: START_TOLERANCE_MS).
// A provider's own events are never merged with each other (it knows them apart), and no two
// events outside the tolerance are ever merged, however a third one lies between them: an event
// joins a group only when it is within the tolerance of every member. The groups are formed in one
// order that does not depend on the order the books arrive in (start, provider, the provider's key),
// so the result is the same in every process.
//
// The id is made of the sport, the start and the normalised names, so it is the same after a
// restart and in every process: `football/2026-12-05/arsenal-v-chelsea` (the London date: two teams
// meet at most once a day) and `horse-racing/2026-12-05/1430-ascot` (the London date and time: a
// course runs one race a minute). The start is the representative member's, the one of the first
// provider in key order; a second group with the same id (a replay, or two providers more than
// the tolerance apart) takes its London time as a suffix (`~1945`).
import type { ProviderEvent, ProviderId } from './provider';
import type { NameRule } from './names';

const MINUTE = 60_000;

/**
 * How far apart two providers' start times may be for one event, per sport (milliseconds, compared
 * to the minute); a sport not listed takes `default`.
 */
export const START_TOLERANCE_MS: Readonly<Record<string, number>> = Object.freeze({
  default: 15 * MINUTE,
  football: 15 * MINUTE,
  'horse-racing': 0,
  'greyhound-racing': 0,
  tennis: 60 * MINUTE,
  golf: 24 * 60 * MINUTE,
});

/** One provider's event, as a candidate for a group. */
export interface Candidate {
  readonly provider: ProviderId;
  readonly event: ProviderEvent;
}

/** Events of several providers that are one event, and its id. */
export interface EventGroup {
  /** The stable id. */
  readonly id: string;
  /** The members, one per provider, in provider key order (the first is the representative). */
  readonly members: readonly Candidate[];
}

/** The matching rule with its names and tolerances. */
export interface MatchRule {
  /** What an event is known by across providers: the sport and its normalised sides. */
  identity(event: ProviderEvent): string;
  /** Whether two events of different providers are one event (symmetric). */
  sameEvent(a: Candidate, b: Candidate): boolean;
  /** The events grouped, each group with its id, in id order. */
  group(candidates: readonly Candidate[]): EventGroup[];
}

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The London date (`2026-12-05`) and time (`1430`) of an instant. */
function london(ms: number): { date: string; time: string } {
  const p = Object.fromEntries(londonParts.formatToParts(ms).map((x) => [x.type, x.value]));
  return { date: `${p['year']}-${p['month']}-${p['day']}`, time: `${p['hour']}${p['minute']}` };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The rule with a name rule and per-sport tolerances (on top of {@link START_TOLERANCE_MS}).
 *
 * @param names - how names are normalised
 * @param tolerances - start tolerances by sport key, milliseconds (`default` for the rest)
 */
export function createMatchRule(names: NameRule, tolerances: Readonly<Record<string, number>> = {}): MatchRule {
  const table = { ...START_TOLERANCE_MS, ...tolerances };
  const toleranceOf = (sport: string) => table[sport] ?? table['default'] ?? 0;
  const sides = (e: ProviderEvent) =>
    e.participants.length === 2
      ? e.participants.map((p) => names.slug(p)).join('-v-')
      : names.slug(e.participants.length === 0 ? (e.competition ?? e.name) : e.participants.join(' v '));
  const identity = (e: ProviderEvent) => `${e.sport}|${e.participants.length === 2 ? '2' : '0'}|${sides(e)}`;
  const minute = (e: ProviderEvent) => Math.floor(e.startsAt / MINUTE);
  const near = (a: ProviderEvent, b: ProviderEvent) => Math.abs(minute(a) - minute(b)) * MINUTE <= toleranceOf(a.sport);
  const sameEvent = (a: Candidate, b: Candidate) =>
    a.provider !== b.provider && a.event.sport === b.event.sport && identity(a.event) === identity(b.event) && near(a.event, b.event);

  const baseId = (rep: ProviderEvent) => {
    const when = london(rep.startsAt);
    return rep.participants.length === 2
      ? `${rep.sport}/${when.date}/${sides(rep)}`
      : `${rep.sport}/${when.date}/${when.time}-${sides(rep)}`;
  };

  function group(candidates: readonly Candidate[]): EventGroup[] {
    const byIdentity = new Map<string, Candidate[]>();
    for (const c of candidates) {
      const k = identity(c.event);
      const list = byIdentity.get(k);
      if (list === undefined) byIdentity.set(k, [c]);
      else list.push(c);
    }
    const groups: Candidate[][] = [];
    for (const list of byIdentity.values()) {
      list.sort((a, b) => a.event.startsAt - b.event.startsAt || byText(a.provider, b.provider) || byText(a.event.key, b.event.key));
      const open: Candidate[][] = [];
      for (const c of list) {
        const home = open.find((g) => g.every((m) => sameEvent(m, c)));
        if (home === undefined) open.push([c]);
        else home.push(c);
      }
      groups.push(...open);
    }
    const made = groups.map((members) => {
      members.sort((a, b) => byText(a.provider, b.provider));
      const rep = (members[0] as Candidate).event;
      return { base: baseId(rep), rep, members };
    });
    // The plain id goes to the earliest group of that id; later ones carry their London time.
    made.sort(
      (a, b) =>
        byText(a.base, b.base) || a.rep.startsAt - b.rep.startsAt || byText(a.members[0]?.provider ?? '', b.members[0]?.provider ?? ''),
    );
    const taken = new Set<string>();
    const out: EventGroup[] = [];
    for (const g of made) {
      let id = g.base;
      if (taken.has(id)) id = `${g.base}~${london(g.rep.startsAt).time}`;
      for (let n = 2; taken.has(id); n += 1) id = `${g.base}~${london(g.rep.startsAt).time}~${n}`;
      taken.add(id);
      out.push({ id, members: g.members });
    }
    return out.sort((a, b) => byText(a.id, b.id));
  }

  return { identity, sameEvent, group };
}
