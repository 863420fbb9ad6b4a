// The opaque cursor of the tracked-bet list: the (placedAt, id) of the last bet of a page, the key
// the list is ordered by (newest first), written as base64url JSON. Clients must not read it. An id
// is at most 100 characters (the sdk's limit for a bet id).
/** Where a page ends. */
export interface BetCursor {
  readonly placedAt: number;
  readonly id: string;
}

/** The cursor after `bet`. */
export function encodeCursor(bet: BetCursor): string {
  return Buffer.from(JSON.stringify([bet.placedAt, bet.id]), 'utf8').toString('base64url');
}

/** The position a cursor names, or null when the text is not a cursor of this list. */
export function decodeCursor(text: string): BetCursor | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [placedAt, id] = value as unknown[];
  if (typeof placedAt !== 'number' || !Number.isSafeInteger(placedAt) || Math.abs(placedAt) > 8.64e15) return null;
  if (typeof id !== 'string' || id === '' || id.length > 100) return null;
  return { placedAt, id };
}
