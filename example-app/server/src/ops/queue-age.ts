// The age gauge of a durable queue (the mail outbox, the push queue): the age of its oldest row
// waiting to be sent, read from the database at each scrape.
import { inArray, min } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Logger } from '../logger';

/** What a queue-age gauge reads and where it registers. */
export interface QueueAgeOptions {
  readonly name: string;
  /** What waits in the queue ("message", "push"), for the help text and the log line. */
  readonly what: string;
  readonly registry: Registry;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly db: Db;
  /** The queue's table: its rows 'queued' or 'sending' wait, since their created_at. */
  readonly table: PgTable & { readonly createdAt: PgColumn; readonly state: PgColumn };
}

/**
 * A gauge of the oldest waiting row's age in seconds, 0 when none waits. A failed read keeps the
 * last figure and logs (a 0 would say the queue is empty).
 */
export function queueAgeGauge(options: QueueAgeOptions): Gauge {
  return new Gauge({
    name: options.name,
    help: `Age of the oldest ${options.what} waiting to be sent (queued or sending), 0 when none; the last age read while the database does not answer.`,
    registers: [options.registry],
    async collect() {
      let oldest: Date | null;
      try {
        const { table } = options;
        const [row] = await options.db
          .select({ oldest: min(table.createdAt) })
          .from(table)
          .where(inArray(table.state, ['queued', 'sending']));
        oldest = (row?.oldest as Date | null | undefined) ?? null;
      } catch (error) {
        options.logger.error({ err: error }, `queue age (${options.name}) not read: keeping the last figure`);
        return;
      }
      this.set(oldest === null ? 0 : Math.max(0, (options.clock() - new Date(oldest).getTime()) / 1000));
    },
  });
}
