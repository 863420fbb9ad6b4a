// Named presets of the oddsmatcher's filters, and the member's own commission per exchange: kept
// in this browser's localStorage, one entry per member (docs/app.md says so). A preset is the
// address's query string, so applying it is navigating to it.

export interface Preset {
  readonly name: string;
  /** The query string of the filters and sort (without `?`). */
  readonly search: string;
}

/** The storage the presets live in: the browser's localStorage, or nothing (private mode, tests). */
export type PresetStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

export function browserStorage(): PresetStorage {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const presetsKey = (member: string) => `matchkit.oddsmatcher.presets.${member}`;
const commissionsKey = (member: string) => `matchkit.oddsmatcher.commissions.${member}`;

function read(storage: PresetStorage, key: string): unknown {
  try {
    const text = storage?.getItem(key) ?? null;
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function write(storage: PresetStorage, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the preset lasts as long as the page.
  }
}

/** The member's presets, by name (anything unreadable is dropped). */
export function loadPresets(storage: PresetStorage, member: string): Preset[] {
  const value = read(storage, presetsKey(member));
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (p): p is Preset =>
        typeof p === 'object' && p !== null && typeof (p as Preset).name === 'string' && typeof (p as Preset).search === 'string',
    )
    .map((p) => ({ name: p.name, search: p.search }));
}

/** Saves a preset (replacing one of the same name); returns the new list, sorted by name. */
export function savePreset(storage: PresetStorage, member: string, preset: Preset): Preset[] {
  const name = preset.name.trim();
  const list = [...loadPresets(storage, member).filter((p) => p.name !== name), { name, search: preset.search }].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  write(storage, presetsKey(member), list);
  return list;
}

/** Deletes a preset by name; returns the new list. */
export function deletePreset(storage: PresetStorage, member: string, name: string): Preset[] {
  const list = loadPresets(storage, member).filter((p) => p.name !== name);
  write(storage, presetsKey(member), list);
  return list;
}

/** Why a preset name cannot be used, or undefined. */
export function presetNameError(name: string): string | undefined {
  const t = name.trim();
  if (t === '') return 'Give the preset a name.';
  if (t.length > 40) return 'Use at most 40 characters.';
  return undefined;
}

/** The member's commission per exchange (fractions), as set on this page. */
export function loadCommissions(storage: PresetStorage, member: string): Record<string, number> {
  const value = read(storage, commissionsKey(member));
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'number' && v >= 0 && v < 1) out[k] = v;
  return out;
}

export function saveCommissions(storage: PresetStorage, member: string, commissions: Readonly<Record<string, number>>): void {
  write(storage, commissionsKey(member), commissions);
}

/** A commission as typed in percent (`2`, `2.5`) to a fraction; null when it is not one. */
export function percentToFraction(text: string): number | null {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return n < 100 ? Number((n / 100).toFixed(6)) : null;
}
