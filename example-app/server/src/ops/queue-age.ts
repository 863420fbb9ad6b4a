// The age gauge of a durable queue (the mail outbox, the push queue): the age of its oldest row
// waiting to be sent, read from the database at each scrape.
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../clock';
import type { Logger } from '../logger';

/** What a queue-age gauge reads and where it registers. */
export interface QueueAgeOptions {
  readonly name: string;
  /** What waits in the queue ("message", "push"), for the help text and the log line. */
  readonly what: string;
  readonly registry: Registry;
  readonly clock: Clock;
  readonly logger: Logger;
  /** When the oldest waiting row was created, or null when none waits. */
  readonly oldest: () => Promise<Date | null>;
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
        oldest = await options.oldest();
      } catch (error) {
        options.logger.error({ err: error }, `queue age (${options.name}) not read: keeping the last figure`);
        return;
      }
      this.set(oldest === null ? 0 : Math.max(0, (options.clock() - new Date(oldest).getTime()) / 1000));
    },
  });
}
