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

/** How long each SMTP step may take before a send fails: to connect, for the greeting, of silence. */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const;

/**
 * The longest one send may take, all steps together: then the connection is closed and the send
 * fails (and is retried). Well inside the worker's 10-minute lease (worker.ts), so that no live
 * process is still sending a message when another may claim it.
 */
export const SMTP_SEND_DEADLINE_MS = 2 * 60_000;

/**
 * SMTP through nodemailer (`smtp://user:pass@host:587` or `smtps://...`), from `from` (MAIL_FROM);
 * each send is given up after `deadlineMs`.
 */
export function createSmtpMailer(url: string, from: string, deadlineMs: number = SMTP_SEND_DEADLINE_MS): Mailer {
  if (!Number.isSafeInteger(deadlineMs) || deadlineMs <= 0)
    throw new RangeError(`deadlineMs must be a whole number of milliseconds above 0, got ${deadlineMs}`);
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    keepsBody: false,
    async send(m) {
      // nodemailer aborts a send on `signal` (its types do not list the option yet).
      const mail: Parameters<typeof transport.sendMail>[0] & { signal: AbortSignal } = {
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html === null ? {} : { html: m.html }),
        messageId: m.messageId,
        headers: { ...m.headers },
        signal: AbortSignal.timeout(deadlineMs),
      };
      await transport.sendMail(mail);
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
