// Mail through one interface: the development outbox (stored, shown at /dev/outbox) by default,
// SMTP (nodemailer) when SMTP_URL is set.
import nodemailer from 'nodemailer';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

/** One plain-text message. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends mail. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
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
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
    async close() {
      transport.close();
    },
  };
}
