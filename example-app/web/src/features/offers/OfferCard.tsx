// An offer in a list: bookmaker, title, summary, the worked example figure, its end date, a link
// to its page and, for a signed-in member, their own completed mark (a completed offer's title is
// muted; its ticked "Completed" box says so in words).
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { GqlOffer } from '@matchkit/sdk/transport';
import { Card, cx } from '../../components/ui';
import { OfferCompleted } from './OfferCompleted';
import { OfferFacts } from './OfferFacts';
import { offerPath } from './paths';

export function OfferCard({ offer, ref }: { readonly offer: GqlOffer; readonly ref?: Ref<HTMLLIElement> }) {
  return (
    <Card as="li" ref={ref as Ref<HTMLElement> | undefined} tone="compact" className="flex flex-col gap-1">
      <p className="m-0 text-sm text-muted">{offer.bookmaker}</p>
      <h4 className="m-0 text-base font-semibold">
        <Link to={offerPath(offer)} className={cx(offer.completed && 'text-muted')}>
          {offer.title}
        </Link>
      </h4>
      <p className="m-0">{offer.summary}</p>
      <OfferFacts offer={offer} />
      <OfferCompleted slug={offer.slug} title={offer.title} completed={offer.completed} />
    </Card>
  );
}
