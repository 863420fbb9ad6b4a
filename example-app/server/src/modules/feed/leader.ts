// Which process publishes the feed's patches. With the in-process PubSub there is one process: it
// leads. With Redis or PostgreSQL fan-out, the processes share a PostgreSQL database, and the one
// holding a session-level advisory lock leads; when it dies its connection drops, the lock is
// released, and another process takes over within `retryMs`.
import pg from 'pg';

/** A leadership claim. */
export interface Leadership {
  isLeader(): boolean;
  stop(): Promise<void>;
}

/** Always the leader (one process). */
export function soleLeader(): Leadership {
  return { isLeader: () => true, stop: async () => {} };
}

/** Leads while holding advisory lock `key` on a dedicated connection to `url`. */
export function advisoryLeader(
  url: string,
  key: number,
  options: { retryMs?: number; onChange?: (leader: boolean) => void } = {},
): Leadership {
  const retryMs = options.retryMs ?? 2000;
  let leader = false;
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  const set = (value: boolean) => {
    if (leader !== value) {
      leader = value;
      options.onChange?.(value);
    }
  };
  const schedule = () => {
    if (!stopped) timer = setTimeout(() => void attempt(), retryMs).unref();
  };
  const attempt = async () => {
    timer = null;
    try {
      if (client === null) {
        const c = new pg.Client({ connectionString: url });
        c.on('error', () => {
          set(false);
          client = null;
          void c.end().catch(() => undefined);
          schedule();
        });
        await c.connect();
        client = c;
      }
      const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
      if (r.rows[0]?.ok === true) {
        set(true);
        return;
      }
    } catch {
      set(false);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    }
    schedule();
  };
  void attempt();
  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      set(false);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
