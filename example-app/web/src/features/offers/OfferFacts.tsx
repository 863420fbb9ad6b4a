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
    <dl className="m-0 mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {children}
      <OfferFact term="Worked example">{formatPence(offer.expectedProfit)} at typical odds</OfferFact>
      {ends === null ? null : <OfferFact term="Dates">{ends}</OfferFact>}
    </dl>
  );
}

/** One term and its value of an offer's facts (the offer's page adds its own before the rest). */
export function OfferFact({ term, children }: { readonly term: string; readonly children: ReactNode }) {
  return (
    // Inline, so that a narrow card wraps the pair as one sentence ("Worked example £20.00 at typical odds").
    <div>
      <dt className="inline text-muted">{term}</dt> <dd className="m-0 inline font-semibold">{children}</dd>
    </div>
  );
}
