// An offer in a list: bookmaker, title, summary, the worked example figure, its end date, a link
// to its page and, for a signed-in member, their own completed mark.
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { GqlOffer } from '@matchkit/sdk/transport';
import { OfferCompleted } from './OfferCompleted';
import { OfferFacts } from './OfferFacts';
import { offerPath } from './paths';
import './offers.css';

export function OfferCard({ offer, ref }: { readonly offer: GqlOffer; readonly ref?: Ref<HTMLLIElement> }) {
  return (
    <li ref={ref} className={offer.completed ? 'card offer-card offer-done' : 'card offer-card'}>
      <p className="offer-bookmaker">{offer.bookmaker}</p>
      <h4 className="offer-title">
        <Link to={offerPath(offer)}>{offer.title}</Link>
      </h4>
      <p>{offer.summary}</p>
      <OfferFacts offer={offer} />
      <OfferCompleted slug={offer.slug} title={offer.title} completed={offer.completed} />
    </li>
  );
}
