// How an offer's facts are worded: its end as a UK date (Europe/London), stated, not counted down.
const londonDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' });

/** "Ends 14 March 2026", or null when the offer has no end date or the instant is unreadable. */
export function offerEnds(expiresAt: string | null): string | null {
  if (expiresAt === null) return null;
  const at = new Date(expiresAt);
  if (Number.isNaN(at.getTime())) return null;
  return `Ends ${londonDate.format(at)}`;
}

/** A site path the server gave (an offer's guideUrl): only ever used as an in-app link. */
export function sitePath(url: string | null): string | null {
  return url !== null && url.startsWith('/') && !url.startsWith('//') ? url : null;
}
