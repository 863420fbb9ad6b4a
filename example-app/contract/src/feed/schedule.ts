// Time: the schedule of each slot (when its events start and are replaced). Races are named by
// their UK start time, read with the sdk's londonClockTime (one London calendar for the whole repo).
import type { Sport } from './catalogue';
import type { Config } from './options';
import { div, hash } from './random';

export interface Slot {
  readonly index: number;
  readonly sport: Sport;
  readonly periodMinutes: number;
  readonly offsetMinutes: number;
}

export function slots(config: Config): Slot[] {
  const n = config.eventCount;
  const football = Math.round(n / 2);
  const golf = Math.max(1, Math.round(n / 10));
  const out: Slot[] = [];
  for (let i = 0; i < n; i++) {
    const sport: Sport = i < football ? 'football' : i < n - golf ? 'horse-racing' : 'golf';
    const scale = sport === 'football' ? 3 : sport === 'golf' ? 12 : 1; // thirds of the horizon
    const h = hash(config.seed, 0x5107, i);
    // Between half and all of the sport's horizon.
    const full = (config.horizonMinutes * scale) / 3;
    const periodMinutes = Math.max(1, Math.floor((full * (500 + (h % 501))) / 1000));
    out.push({ index: i, sport, periodMinutes, offsetMinutes: hash(config.seed, 0x0ff5, i) % periodMinutes });
  }
  return out;
}

/** The generation of a slot listed at minute `m`, and its start minute. */
export function generationAt(slot: Slot, minute: number): { g: number; startMinute: number } {
  const g = div(minute - slot.offsetMinutes, slot.periodMinutes) + 1;
  return { g, startMinute: g * slot.periodMinutes + slot.offsetMinutes };
}
