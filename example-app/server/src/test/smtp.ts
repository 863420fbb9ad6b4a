// Test support: a local SMTP server (smtp-server) on a free loopback port, each message parsed with
// mailparser. It can refuse recipients with given reply codes, and a test can hold a message's
// DATA reply (the client has sent the whole message and waits for "250") to act meanwhile: kill
// the sending process, or lock its row.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What a local SMTP server was sent. */
export interface TestSmtp {
  /** The messages it accepted (answered "250" to), in order. */
  readonly received: ParsedMail[];
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL or createSmtpMailer. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** How the local SMTP server answers. */
export interface TestSmtpOptions {
  /** RCPT TO is refused with the next code while any are left (4xx: try again later; 5xx: mailbox unavailable). */
  readonly refuse?: number[];
  /**
   * Called with each whole message before it is answered: the answer waits for the promise; a
   * rejection answers 451 and the message is not accepted.
   */
  readonly beforeAccept?: (mail: ParsedMail) => Promise<void>;
}

/** Starts a local SMTP server with no TLS and no authentication. */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const refuse = [...(options.refuse ?? [])];
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A held connection whose client was killed is not waited for at close.
    closeTimeout: 1_000,
    onRcptTo(_address, _session, callback) {
      const code = refuse.shift();
      if (code === undefined) return callback();
      callback(Object.assign(new Error(code < 500 ? 'Try again later' : 'Mailbox unavailable'), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await options.beforeAccept?.(mail);
          received.push(mail);
          callback();
        })
        .catch(() => callback(Object.assign(new Error('Not accepted'), { responseCode: 451 })));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
