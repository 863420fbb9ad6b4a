// What every message's layout needs besides its own facts: the brand (name and colours, from the
// sdk's brand catalogue), the public origin every link starts with, and the unsubscribe link of mail
// a member can turn off (the one-click route of mail/unsubscribe.ts; null for essential mail).
import type { Brand } from '@matchkit/sdk/brands';

/**
 * The web app's light tokens (web/src/styles/tokens.css), written out: mail has no custom
 * properties. The unsubscribe page's style sheet uses them too, so it looks like the mail.
 */
export const MAIL_PALETTE = {
  text: '#161b26',
  muted: '#475066',
  border: '#d3d8e2',
  background: '#f6f7f9',
  surface: '#ffffff',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

/** The brand, origin and unsubscribe link a message is rendered with. */
export interface MailFrame {
  readonly brand: Pick<Brand, 'displayName' | 'colors'>;
  /** PUBLIC_ORIGIN, no trailing slash: every link in a message starts with it (or is the help site). */
  readonly origin: string;
  /** The one-click unsubscribe URL of non-essential mail; null for essential mail. */
  readonly unsubscribeUrl: string | null;
}

/** The frame of essential mail: the app's brand and PUBLIC_ORIGIN, no unsubscribe link. */
export function essentialFrame(deps: {
  readonly brand: MailFrame['brand'];
  readonly config: { readonly publicOrigin: string };
}): MailFrame {
  return { brand: deps.brand, origin: deps.config.publicOrigin, unsubscribeUrl: null };
}
