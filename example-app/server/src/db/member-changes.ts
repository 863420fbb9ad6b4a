// Changes to members' records as the database reports them: migration 0002's and 0008's triggers
// NOTIFY a member's id on MEMBER_CHANGED_CHANNEL from the transaction that changes their users row,
// ledger, refunds or sessions ('*' after a TRUNCATE), so the notice commits with the change or not
// at all. The embedded PGlite delivers it before the writing query returns. On PostgreSQL a
// connection of this process's own LISTENs, and `sync()` is the barrier that makes a kept record
// safe to use: it resolves once every change committed before it was called has been heard.
//
// Why the barrier holds: a committing backend queues its notices before the commit and signals the
// listening backends before it answers its own client; a listening backend sends every pending
// notice before the ReadyForQuery of any command it runs, and `pg` emits each notice as it parses
// it, before the command's answer. So a round trip on the listening connection that starts after a
// commit (an empty query) returns after that commit's notices were handed to the subscribers.
// Callers that arrive while one round trip is on the wire wait for the next (one for all of them).
//
// A dropped connection loses the notices sent meanwhile: until the listener is back, `sync()`
// answers false (read the database, keep nothing), and the loss and the reconnection each report
// '*' (drop everything kept), so nothing read before or during the gap outlives it.
import pg from 'pg';

/** The channel migration 0002's triggers notify a changed member's id on. */
export const MEMBER_CHANGED_CHANNEL = 'matchkit_member_changed';

/** Changes to members' records (see Database.memberChanges). */
export interface MemberChanges {
  /** Calls `listener` with each changed member's id ('*': every member); returns the unsubscribe. */
  subscribe(listener: (userId: string) => void): () => void;
  /**
   * True once every change committed before the call has been reported to the subscribers; false
   * when that cannot be known (PostgreSQL's listener is not connected): read the database and keep
   * nothing. The embedded database answers true at once (it reports a change before the write returns).
   */
  sync(): true | Promise<boolean>;
}

/** Options of {@link postgresMemberChanges}. */
export interface PostgresMemberChangesOptions {
  /** Wait before the first reconnection attempt, in ms; each failure doubles it (default 100). */
  readonly reconnectDelayMs?: number;
  /** Longest wait between two reconnection attempts, in ms (default 5,000). */
  readonly maxReconnectDelayMs?: number;
  /** The connection's application_name (default `matchkit-member-changes`). */
  readonly applicationName?: string;
  /** Told when the listening connection is lost or fails to connect. */
  readonly onError?: (error: unknown) => void;
}

/** PostgreSQL's member changes, with their listener, and its close. */
export interface PostgresMemberChanges extends MemberChanges {
  /** Whether the listening connection is up and LISTENing now. */
  readonly listening: boolean;
  /** Ends the listening connection; no reconnection after it. */
  close(): Promise<void>;
}

/**
 * Member changes heard over a connection of its own to `url`, opened with the first subscriber and
 * reopened after a loss.
 */
export function postgresMemberChanges(url: string, options: PostgresMemberChangesOptions = {}): PostgresMemberChanges {
  const firstDelay = options.reconnectDelayMs ?? 100;
  const maxDelay = options.maxReconnectDelayMs ?? 5_000;
  const subscribers = new Set<(userId: string) => void>();
  const report = (userId: string) => {
    for (const subscriber of subscribers) subscriber(userId);
  };
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let started = false;
  let delay = firstDelay;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // The barrier on the wire, and the one that follows it for the callers that came since.
  let sent: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;

  function lost(from: pg.Client, error: unknown): void {
    if (from !== client) return;
    client = undefined;
    listening = false;
    from.end().catch(() => undefined);
    report('*');
    if (closed) return;
    options.onError?.(error);
    retry = setTimeout(() => void connect(), delay);
    delay = Math.min(maxDelay, delay * 2);
  }

  async function connect(): Promise<void> {
    retry = undefined;
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: options.applicationName ?? 'matchkit-member-changes' });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the connection ended')));
    next.on('notification', (n) => {
      if (n.channel === MEMBER_CHANGED_CHANNEL && next === client) report(n.payload ?? '*');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${MEMBER_CHANGED_CHANNEL}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (next !== client || closed) return;
    // Whatever changed while nobody listened was not heard: drop everything kept before this.
    report('*');
    listening = true;
    delay = firstDelay;
  }

  function send(): Promise<boolean> {
    const on = client;
    if (on === undefined || !listening) return Promise.resolve(false);
    const barrier = on.query('').then(
      () => on === client && listening,
      () => false,
    );
    void barrier.then(() => {
      if (sent === barrier) sent = null;
    });
    return barrier;
  }

  return {
    get listening() {
      return listening;
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      if (!started) {
        started = true;
        void connect();
      }
      return () => subscribers.delete(subscriber);
    },
    sync() {
      if (!listening) return Promise.resolve(false);
      if (sent === null) return (sent = send());
      // The barrier on the wire may have started before this call's caller saw the change.
      queued ??= sent.then(() => {
        queued = null;
        sent = send();
        return sent;
      });
      return queued;
    },
    async close() {
      closed = true;
      listening = false;
      if (retry !== undefined) clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
