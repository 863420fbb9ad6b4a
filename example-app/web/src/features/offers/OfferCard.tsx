// An offer in a list: bookmaker, title, summary, the worked example figure, its end date, a link
// to its page and, for a signed-in member, their own completed mark.
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { GqlOffer } from '@matchkit/sdk/transport';
import { formatPence } from '../../components/money';
import { OfferCompleted } from './OfferCompleted';
import { offerEnds } from './format';
import { offerPath } from './paths';
import './offers.css';

export function OfferCard({ offer, ref }: { readonly offer: GqlOffer; readonly ref?: Ref<HTMLLIElement> }) {
  const ends = offerEnds(offer.expiresAt);
  return (
    <li ref={ref} className={offer.completed ? 'card offer-card offer-done' : 'card offer-card'}>
      <p className="offer-bookmaker">{offer.bookmaker}</p>
      <h4 className="offer-title">
        <Link to={offerPath(offer)}>{offer.title}</Link>
      </h4>
      <p>{offer.summary}</p>
      <dl className="offer-facts">
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
      <OfferCompleted slug={offer.slug} title={offer.title} completed={offer.completed} />
    </li>
  );
}
