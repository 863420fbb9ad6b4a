// /offers/{category}/{slug}: an offer of that category, or a training tutorial (the server reads
// the tutorials at /offers/sportsbook-signup-offers/{slug}). An offer asked for under another
// category is sent to its own address; nothing at all is a not-found message with links.
import { Link, Navigate, useParams } from 'react-router';
import { useBrand, useMatchkitQuery } from '@matchkit/react';
import { ArrowLeft, BookOpen } from 'lucide-react';
import { Page } from '../../components/Page';
import { Card } from '../../components/ui';
import { QueryState } from '../../components/Status';
import { paths } from '../../app/paths';
import { ContentBody, ContentNotFound, GuideView } from '../guides';
import type { OfferWithBody } from './api/offer';
import { OfferOrGuideQuery } from './api/offer-or-guide';
import { sitePath } from './format';
import { OfferCompleted } from './OfferCompleted';
import { OfferFact, OfferFacts } from './OfferFacts';
import { offerPath } from './paths';

export function OfferPage() {
  const params = useParams();
  const category = params['category'] ?? '';
  const slug = params['slug'] ?? '';
  const query = useMatchkitQuery(OfferOrGuideQuery, { slug });
  return (
    <QueryState query={query} loadingLabel="Loading…">
      {({ data }) => {
        const here = `/offers/${category}/${slug}`;
        if (data.guide !== null && data.guide.url === here) return <GuideView guide={data.guide} />;
        if (data.offer !== null) {
          if (data.offer.category !== category) return <Navigate to={offerPath(data.offer)} replace />;
          return <OfferView offer={data.offer} />;
        }
        if (data.guide !== null) return <Navigate to={data.guide.url} replace />;
        return <ContentNotFound what="offer" slug={slug} />;
      }}
    </QueryState>
  );
}

function OfferView({ offer }: { readonly offer: OfferWithBody }) {
  const brand = useBrand();
  const category = brand.offerCategories.find((c) => c.slug === offer.category)?.title ?? offer.category;
  const guide = sitePath(offer.guideUrl);
  return (
    <Page title={offer.title} lead={offer.summary} width="reading">
      <Card tone="compact" className="mb-6">
        <OfferFacts offer={offer}>
          <OfferFact term="Bookmaker">{offer.bookmaker}</OfferFact>
          <OfferFact term="Category">{category}</OfferFact>
        </OfferFacts>
        <p className="mt-2 mb-0 text-sm text-muted">
          The worked example is what the offer came to at the odds in the steps below. Odds, terms and your own bets decide the real figure,
          which can be lower.
        </p>
        <OfferCompleted slug={offer.slug} title={offer.title} completed={offer.completed} />
      </Card>
      <h2 className="mt-0 mb-3 text-xl font-semibold">Step by step</h2>
      <ContentBody body={offer.body} />
      <p className="mt-8 flex flex-wrap gap-x-4 gap-y-2 border-t border-border pt-4">
        {guide === null ? null : (
          <Link to={guide} className="inline-flex items-center gap-1">
            <BookOpen aria-hidden="true" focusable="false" size={16} />
            Read the guide for this kind of offer
          </Link>
        )}
        <Link to={paths.home} className="inline-flex items-center gap-1">
          <ArrowLeft aria-hidden="true" focusable="false" size={16} />
          Back to the offers
        </Link>
      </p>
    </Page>
  );
}
