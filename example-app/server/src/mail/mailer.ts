// Mail through one interface: the development outbox (stored, shown at /dev/outbox) by default,
// SMTP (nodemailer) when SMTP_URL is set, which production requires. The outbox keeps each message
// as sent, links included: it is the developer's own mail, on the developer's machine, shown only to
// loopback callers at a loopback host. Production never uses it (config.ts refuses to start without
// SMTP_URL, buildApp refuses an outbox mailer there, and a production start empties the table).
import nodemailer from 'nodemailer';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

/** What a message is (docs/notifications.md "Messages"): its template, and whether it can be turned off. */
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

/** One message: its plain-text part always, its HTML part when it has one (mail/templates/). */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly kind: MailKind;
  /** The member it is about (null for mail to an address that belongs to no member yet). */
  readonly userId: string | null;
}

/** Sends mail. */
export interface Mailer {
  /** outbox: the development outbox table; smtp: SMTP_URL; memory: kept in the process (tests). */
  readonly kind: 'outbox' | 'smtp' | 'memory';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The development outbox: messages are stored in the database, nothing leaves the machine. */
export function createOutboxMailer(db: Db, clock: Clock): Mailer {
  return {
    kind: 'outbox',
    async send(m) {
      await db.insert(outbox).values({ to: m.to, subject: m.subject, text: m.text, createdAt: new Date(clock()) });
    },
    async close() {},
  };
}

/** SMTP through nodemailer (`smtp://user:pass@host:587` or `smtps://...`). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, ...(m.html === null ? {} : { html: m.html }) });
    },
    async close() {
      transport.close();
    },
  };
}

/** A mailer keeping messages in this process (tests of production, which uses no outbox). */
export function createMemoryMailer(): Mailer & { readonly sent: readonly MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'memory',
    sent,
    async send(m) {
      sent.push(m);
    },
    async close() {},
  };
}
