// What a member chose for one table: which columns they hid or showed, and the widths they dragged
// or keyed. Kept in this browser's localStorage under one key per table and member
// (`matchkit.table.<table>.<member>`, docs/app.md#tables): the server stores no display settings, and
// these follow the browser as the oddsmatcher's presets do. A storage that fails (private mode, full)
// keeps the choice for the page's life only.

/** The storage the choices live in: the browser's localStorage, or nothing. */
export type TableStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

export interface TablePreferences {
  /** Column id to shown (true) or hidden (false); a column absent here has its default. */
  readonly visibility: Readonly<Record<string, boolean>>;
  /** Column id to width in CSS pixels; a column absent here is as wide as its content. */
  readonly widths: Readonly<Record<string, number>>;
}

export const NO_PREFERENCES: TablePreferences = { visibility: {}, widths: {} };

/** A column's id and the least and most width (CSS pixels) it may be given. */
export interface ColumnLimits {
  readonly id: string;
  readonly minWidth: number;
  readonly maxWidth: number;
}

/** A width brought within a column's limits, in whole pixels. */
export const clampWidth = (width: number, { minWidth, maxWidth }: Pick<ColumnLimits, 'minWidth' | 'maxWidth'>): number =>
  Math.min(maxWidth, Math.max(minWidth, Math.round(width)));

export function browserTableStorage(): TableStorage {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The storage key of one member's choices for one table. */
export const preferencesKey = (table: string, member: string) => `matchkit.table.${table}.${member}`;

const record = <T>(value: unknown, keep: (v: unknown) => v is T): Record<string, T> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, T] => keep(e[1])));
};
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isWidth = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * The member's choices for the table's `columns`; what is missing or malformed reads as no choice,
 * a column the table no longer has is dropped, and a width is clamped to its column's limits.
 */
export function loadPreferences(storage: TableStorage, table: string, member: string, columns: readonly ColumnLimits[]): TablePreferences {
  let parsed: unknown;
  try {
    const text = storage?.getItem(preferencesKey(table, member)) ?? null;
    parsed = text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null) return NO_PREFERENCES;
  const p = parsed as { visibility?: unknown; widths?: unknown };
  const byId = new Map(columns.map((c) => [c.id, c]));
  const visibility = Object.entries(record(p.visibility, isBoolean)).filter(([id]) => byId.has(id));
  const widths = Object.entries(record(p.widths, isWidth)).flatMap(([id, w]) => {
    const limits = byId.get(id);
    return limits === undefined ? [] : [[id, clampWidth(w, limits)] as const];
  });
  return { visibility: Object.fromEntries(visibility), widths: Object.fromEntries(widths) };
}

export function savePreferences(storage: TableStorage, table: string, member: string, prefs: TablePreferences): void {
  try {
    if (Object.keys(prefs.visibility).length === 0 && Object.keys(prefs.widths).length === 0)
      storage?.removeItem(preferencesKey(table, member));
    else storage?.setItem(preferencesKey(table, member), JSON.stringify(prefs));
  } catch {
    // Refused or full: the choice lasts as long as the page.
  }
}
