// Mail through one transport interface, behind the mail queue (queue.ts queues a message in the
// transaction of the change that causes it; worker.ts sends it through the configured Mailer):
// the development outbox by default (nothing leaves the machine: the queued row keeps the message
// for /dev/outbox), SMTP (nodemailer) when SMTP_URL is set, which production requires, and memory
// in tests. Production never uses the outbox (config.ts refuses to start without SMTP_URL and
// buildApp refuses an outbox mailer there), and the worker clears a message's body once SMTP has
// taken it.
import nodemailer from 'nodemailer';

/** Every message the server sends (docs/notifications.md lists each with its trigger). */
export type MailKind =
  | 'verify-email'
  | 'email-change'
  | 'email-changed'
  | 'password-reset'
  | 'password-changed'
  | 'welcome'
  | 'receipt'
  | 'trial-ending'
  | 'renewal-failed'
  | 'cancellation'
  | 'refund'
  | 'commission-payable'
  | 'weekly-summary';

/** One message: a plain-text part, and an HTML part when it has one. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly kind: MailKind;
  /** The member it is about (null for mail to an address that is no member's yet). */
  readonly userId: string | null;
}

/** A message as the worker hands it to a transport. */
export interface OutgoingMail extends MailMessage {
  /** Stable per queued row (`<mail-{id}@{host}>`): a repeat after a crash carries the same one. */
  readonly messageId: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for mail a member can turn off). */
  readonly headers: Readonly<Record<string, string>>;
}

/** Sends mail. */
export interface Mailer {
  /** outbox: nothing leaves the machine (the queue row is the copy); smtp: SMTP_URL; memory: kept in the process (tests). */
  readonly kind: 'outbox' | 'smtp' | 'memory';
  /** Whether the queue keeps a sent message's body (only the development outbox, for /dev/outbox). */
  readonly keepsBody: boolean;
  /** Sends; rejects when the transport refused or could not be reached (the worker retries). */
  send(message: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** The development outbox: sending is a no-op; the queued row, body kept, is shown at /dev/outbox. */
export function createOutboxMailer(): Mailer {
  return {
    kind: 'outbox',
    keepsBody: true,
    async send() {},
    async close() {},
  };
}

/** How long SMTP may take before a send fails (well inside the worker's lease, worker.ts). */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const;

/** SMTP through nodemailer (`smtp://user:pass@host:587` or `smtps://...`), from `from` (MAIL_FROM). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    keepsBody: false,
    async send(m) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html === null ? {} : { html: m.html }),
        messageId: m.messageId,
        headers: { ...m.headers },
      });
    },
    async close() {
      transport.close();
    },
  };
}

/** A mailer keeping messages in this process (tests of production, which uses no outbox). */
export function createMemoryMailer(): Mailer & { readonly sent: readonly OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    kind: 'memory',
    keepsBody: false,
    sent,
    async send(m) {
      sent.push(m);
    },
    async close() {},
  };
}
