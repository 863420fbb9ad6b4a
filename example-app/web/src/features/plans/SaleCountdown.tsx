// A sale's countdown: the sdk's saleCountdown at the UI's clock, stated as a fact (time left and
// the instant the sale ends, UK time), with no pressure wording.
import { useSaleCountdown } from '@matchkit/react';
import type { Sale } from '@matchkit/sdk/model';
import { formatLondonDateTime, isoOf } from './dates';
import { Card } from '../../components/ui';

function unit(n: number, singular: string): string {
  return `${n} ${singular}${n === 1 ? '' : 's'}`;
}

export function SaleCountdown({ sale, now }: { readonly sale: Sale; readonly now: number }) {
  const left = useSaleCountdown(sale, now);
  if (left === undefined) return null;
  return (
    <Card as="section" className="my-4" aria-labelledby="sale-countdown-heading">
      <h2 id="sale-countdown-heading" className="mt-0 text-xl font-bold">
        Time left in this sale
      </h2>
      {left.ended ? (
        <p>This sale has ended.</p>
      ) : (
        <p className="text-2xl font-bold tabular-nums">
          {unit(left.days, 'day')}, {unit(left.hours, 'hour')}, {unit(left.minutes, 'minute')} and {unit(left.seconds, 'second')}
        </p>
      )}
      <p>
        The sale prices apply until <time dateTime={isoOf(sale.endDate)}>{formatLondonDateTime(sale.endDate)}</time> (UK time).
      </p>
    </Card>
  );
}
