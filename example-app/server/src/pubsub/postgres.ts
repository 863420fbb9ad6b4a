import pg from 'pg';
import { createHub } from './hub';
import {
  checkTopic,
  decodePayload,
  encodePayload,
  positiveInteger,
  positiveNumber,
  redact,
  resolveCommonOptions,
  urlPassword,
} from './payload';
import { PubSubClosedError, PubSubInputError, type PubSub, type PubSubCommonOptions, type PubSubLog } from './types';

/**
 * The table that carries the payloads (NOTIFY carries only their ids). Kept in one constant so that
 * it can move into the drizzle migrations unchanged; until then createPostgresPubSub runs it on
 * connect, under an advisory lock so that several processes starting at once do not race.
 */
export const PUBSUB_MESSAGES_DDL = `
create table if not exists pubsub_messages (
  id bigserial primary key,
  topic text not null,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
create index if not exists pubsub_messages_created_at_idx on pubsub_messages (created_at);
`;

/** One statement, so one transaction: the row and its NOTIFY commit together or not at all. */
const PUBLISH_SQL = `with message as (
  insert into pubsub_messages (topic, payload) values ($1, $2::jsonb) returning id
) select pg_notify($3, message.id::text) from message`;
/** Every id's row, with the payload only for topics that have local subscribers. */
const READ_SQL = `select id::text as id, topic, case when topic = any($2::text[]) then payload::text end as payload
  from pubsub_messages where id = any($1::bigint[])`;
const CATCH_UP_SQL = 'select id::text as id from pubsub_messages where id > $1::bigint order by id limit $2';
const PRUNE_SQL = 'delete from pubsub_messages where created_at < now() - make_interval(secs => $1)';
const DDL_LOCK_KEY = 80_431_977_205;

export interface PostgresPubSubOptions extends PubSubCommonOptions {
  /** `postgres://user:password@host:port/database`. Never logged. */
  readonly connectionString: string;
  /**
   * The NOTIFY channel (a lower-case identifier). Processes that share it share messages.
   * @defaultValue 'matchkit_pubsub'
   */
  readonly channel?: string;
  /**
   * How long rows stay in pubsub_messages: a listener that reconnects within this time still gets
   * what it missed.
   * @defaultValue 300
   */
  readonly retentionSeconds?: number;
  /**
   * Old rows are deleted by a publish at most this often.
   * @defaultValue 30
   */
  readonly pruneEverySeconds?: number;
  /**
   * Names the two connections (application_name): `<name>-publish`, `<name>-listen`.
   * @defaultValue 'matchkit-pubsub'
   */
  readonly name?: string;
  /**
   * Run {@link PUBSUB_MESSAGES_DDL} on connect. Turn off once the table comes from migrations.
   * @defaultValue true
   */
  readonly createTable?: boolean;
  /**
   * Wait before the listener's first reconnection attempt, in ms; each failure doubles it.
   * @defaultValue 100
   */
  readonly minReconnectDelayMs?: number;
  /**
   * Longest wait between two reconnection attempts of the listener, in ms.
   * @defaultValue 5000
   */
  readonly maxReconnectDelayMs?: number;
}

const READ_BATCH = 500;
const CATCH_UP_LIMIT = 10_000;
const REMEMBERED_IDS = 4096;

/**
 * A pubsub over PostgreSQL LISTEN/NOTIFY, for several server processes on one database. publish()
 * inserts the payload into `pubsub_messages` and notifies the message's id in the same statement;
 * every process's listener (a dedicated connection) reads the row by id and hands it to its local
 * subscribers of that topic. NOTIFY payloads hold only ids, so payloads of any size (up to
 * `maxPayloadBytes`) pass, and nothing else crosses the channel.
 *
 * The listener reconnects after a lost connection, LISTENs again, reads the rows published meanwhile
 * (still in the table) and logs both events. Publishes from one instance run one at a time on one
 * connection, so each topic keeps their order.
 *
 * @example
 * ```ts
 * const pubSub = await createPostgresPubSub({ connectionString: process.env.DATABASE_URL!, log });
 * ```
 */
export async function createPostgresPubSub(options: PostgresPubSubOptions): Promise<PubSub> {
  const { maxBuffered, maxPayloadBytes } = resolveCommonOptions(options);
  const { connectionString } = options;
  if (typeof connectionString !== 'string' || !/^postgres(ql)?:\/\//.test(connectionString)) {
    throw new PubSubInputError('connectionString', 'must be a postgres:// or postgresql:// URL');
  }
  const channel = options.channel ?? 'matchkit_pubsub';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) {
    throw new PubSubInputError('channel', 'must be a lower-case identifier of at most 63 characters');
  }
  const name = options.name ?? 'matchkit-pubsub';
  if (!/^[A-Za-z0-9_.:-]{1,40}$/.test(name)) {
    throw new PubSubInputError('name', 'must be 1 to 40 letters, digits, "_", ".", ":" or "-"');
  }
  const retentionSeconds = positiveNumber('retentionSeconds', options.retentionSeconds, 300);
  const pruneEveryMs = positiveNumber('pruneEverySeconds', options.pruneEverySeconds, 30) * 1000;
  const minReconnectDelayMs = positiveInteger('minReconnectDelayMs', options.minReconnectDelayMs, 100);
  const maxReconnectDelayMs = positiveInteger('maxReconnectDelayMs', options.maxReconnectDelayMs, 5000);
  const secrets = urlPassword(connectionString);
  const log: PubSubLog = options.log ?? (() => undefined);
  const say = (level: 'info' | 'warn' | 'error', msg: string): void => log({ level, msg: redact(msg, secrets) });
  const reason = (error: unknown): string => redact(error instanceof Error ? error.message : String(error), secrets);

  let closed = false;

  // ---- publishing: one connection, so publishes commit in call order -------------------------
  const pool = new pg.Pool({
    connectionString,
    max: 1,
    application_name: `${name}-publish`,
    // Messages are fan-out, not records: a publish need not wait for its WAL flush (a crash may lose
    // the last few milliseconds of messages, which no subscriber could have relied on across a restart).
    options: '-c synchronous_commit=off',
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => {
    if (!closed) say('warn', `pubsub: PostgreSQL publish connection lost (${reason(error)}); the next publish reconnects`);
  });
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    const forget = (): void => void inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  };
  let lastPrune = 0;
  const maybePrune = (): void => {
    const now = Date.now();
    if (now - lastPrune < pruneEveryMs) return;
    lastPrune = now;
    void track(
      pool.query(PRUNE_SQL, [retentionSeconds]).catch((error: unknown) => {
        if (!closed) say('warn', `pubsub: pruning old PostgreSQL pubsub messages failed (${reason(error)})`);
      }),
    );
  };

  // ---- listening: a dedicated connection, rows read by id, delivered in notification order ------
  let listener: pg.Client | undefined;
  let listening = false;
  const waitingForListener: (() => void)[] = [];
  const pending: bigint[] = [];
  const pendingIds = new Set<bigint>();
  const recentIds = new Set<bigint>();
  let watermark = 0n;
  let draining = false;

  const markSeen = (id: bigint): void => {
    recentIds.add(id);
    if (recentIds.size > REMEMBERED_IDS) {
      const oldest = recentIds.values().next().value;
      if (oldest !== undefined) recentIds.delete(oldest);
    }
    if (id > watermark) watermark = id;
  };
  const enqueue = (id: bigint): void => {
    if (pendingIds.has(id) || recentIds.has(id)) return;
    pendingIds.add(id);
    pending.push(id);
  };

  const drain = async (): Promise<void> => {
    if (draining) return;
    draining = true;
    try {
      while (pending.length > 0 && listening && listener !== undefined) {
        const batch = pending.slice(0, READ_BATCH);
        if (!hub.hasSubscribers()) {
          pending.splice(0, batch.length);
          for (const id of batch) {
            pendingIds.delete(id);
            markSeen(id);
          }
          continue;
        }
        const { rows } = await listener.query<{ id: string; topic: string; payload: string | null }>(READ_SQL, [
          batch.map(String),
          hub.topics(),
        ]);
        pending.splice(0, batch.length);
        const byId = new Map(rows.map((row) => [BigInt(row.id), row]));
        for (const id of batch) {
          pendingIds.delete(id);
          markSeen(id);
          const row = byId.get(id);
          if (row === undefined) {
            say('warn', `pubsub: message ${id} was pruned before this process read it`);
          } else if (row.payload !== null && hub.hasSubscribers(row.topic)) {
            hub.deliver(row.topic, decodePayload(row.payload));
          }
        }
      }
    } catch (error) {
      // The ids stay pending: a reconnection (when the connection failed) or the next notification
      // reads them again.
      if (listening && !closed) say('warn', `pubsub: reading published messages failed (${reason(error)})`);
    } finally {
      draining = false;
    }
  };

  const setListening = (value: boolean): void => {
    listening = value;
    if (value || closed) {
      for (const wake of waitingForListener.splice(0)) wake();
    }
  };
  const whenListening = (): Promise<void> =>
    listening || closed ? Promise.resolve() : new Promise((resolve) => waitingForListener.push(resolve));

  let reconnection: Promise<void> | undefined;
  let wakeFromPause: (() => void) | undefined;
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        wakeFromPause = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeFromPause = done;
    });

  const lost = (client: pg.Client, why: string): void => {
    if (closed || client !== listener || !listening) return;
    setListening(false);
    listener = undefined;
    client.end().catch(() => undefined);
    say('warn', `pubsub: PostgreSQL listener connection lost (${why}); reconnecting`);
    reconnection = reconnect().finally(() => (reconnection = undefined));
  };

  const openListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString,
      application_name: `${name}-listen`,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('error', (error) => lost(client, reason(error)));
    client.on('end', () => lost(client, 'connection ended'));
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      const text = message.payload ?? '';
      if (!/^\d{1,19}$/.test(text)) {
        say('warn', 'pubsub: ignored a notification that is not a message id');
        return;
      }
      enqueue(BigInt(text));
      void drain();
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  };

  const reconnect = async (): Promise<void> => {
    let delay = minReconnectDelayMs;
    while (!closed) {
      await pause(delay);
      if (closed) return;
      let client: pg.Client | undefined;
      try {
        client = await openListener();
        if (closed) {
          await client.end();
          return;
        }
        listener = client;
        const { rows } = await client.query<{ id: string }>(CATCH_UP_SQL, [watermark.toString(), CATCH_UP_LIMIT]);
        for (const row of rows) enqueue(BigInt(row.id));
        if (rows.length === CATCH_UP_LIMIT) {
          say(
            'warn',
            `pubsub: more than ${CATCH_UP_LIMIT} messages were published while the listener was down; only the first ${CATCH_UP_LIMIT} are delivered`,
          );
        }
        // Notifications that arrived while catching up are mixed with the rows read: one publisher's
        // ids rise in commit order, so sorting keeps each publisher's order.
        pending.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        setListening(true);
        say('info', `pubsub: PostgreSQL listener reconnected and listening again (${rows.length} messages published meanwhile)`);
        void drain();
        return;
      } catch (error) {
        if (client !== undefined) {
          if (listener === client) listener = undefined;
          await client.end().catch(() => undefined);
        }
        if (closed) return;
        say('warn', `pubsub: PostgreSQL listener reconnection failed (${reason(error)}); retrying in ${delay} ms`);
        delay = Math.min(delay * 2, maxReconnectDelayMs);
      }
    }
  };

  const hub = createHub({ open: whenListening, shut: () => undefined }, maxBuffered);

  // ---- start -----------------------------------------------------------------------------------
  try {
    if (options.createTable ?? true) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('select pg_advisory_xact_lock($1)', [DDL_LOCK_KEY]);
        await client.query(PUBSUB_MESSAGES_DDL);
        await client.query('commit');
        client.release();
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        client.release(true);
        throw error;
      }
    }
    const { rows } = await pool.query<{ id: string }>('select coalesce(max(id), 0)::text as id from pubsub_messages');
    watermark = BigInt(rows[0]?.id ?? '0');
    listener = await openListener();
    setListening(true);
  } catch (error) {
    closed = true;
    await pool.end().catch(() => undefined);
    // eslint-disable-next-line preserve-caught-error -- the driver's error stays out: only its message, redacted, is kept
    throw new Error(`pubsub: could not set up PostgreSQL LISTEN/NOTIFY: ${reason(error)}`);
  }

  return {
    kind: 'postgres',
    async publish(topic, payload) {
      if (closed) throw new PubSubClosedError('postgres');
      checkTopic(topic);
      const text = encodePayload(payload, maxPayloadBytes);
      try {
        await track(pool.query(PUBLISH_SQL, [topic, text, channel]));
      } catch (error) {
        // eslint-disable-next-line preserve-caught-error -- the driver's error stays out: only its message, redacted, is kept
        throw new Error(`pubsub: PostgreSQL publish failed: ${reason(error)}`);
      }
      maybePrune();
    },
    subscribe(topic, signal) {
      if (closed) throw new PubSubClosedError('postgres');
      return hub.subscribe(topic, signal);
    },
    async close() {
      if (closed) return;
      closed = true;
      hub.endAll();
      setListening(false);
      wakeFromPause?.();
      await reconnection;
      await Promise.allSettled([...inFlight]);
      const client = listener;
      listener = undefined;
      if (client !== undefined) await client.end().catch(() => undefined);
      await pool.end();
    },
    stats: () => hub.stats(),
  };
}
