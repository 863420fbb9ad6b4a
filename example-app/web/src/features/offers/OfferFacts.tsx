// An offer's facts as a definition list: the worked example figure and, when it ends, its end
// date, after any facts the caller puts first (the offer's own page adds the bookmaker and category).
import type { ReactNode } from 'react';
import type { GqlOffer } from '@matchkit/sdk/transport';
import { formatPence } from '../../components/money';
import { offerEnds } from './format';

export function OfferFacts({
  offer,
  children,
}: {
  readonly offer: Pick<GqlOffer, 'expectedProfit' | 'expiresAt'>;
  readonly children?: ReactNode;
}) {
  const ends = offerEnds(offer.expiresAt);
  return (
    <dl className="offer-facts">
      {children}
      <div>
        <dt>Worked example</dt>
        <dd>{formatPence(offer.expectedProfit)} at typical odds</dd>
      </div>
      {ends === null ? null : (
        <div>
          <dt>Dates</dt>
          <dd>{ends}</dd>
        </div>
      )}
    </dl>
  );
}
