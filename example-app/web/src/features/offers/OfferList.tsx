// The offers of one category, in the order administrators give them (a new offer first), a page
// at a time: "Show more" asks the server for the page after the last one shown (its cursor). Each
// page is its own cached query.
import { useEffect, useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { useMatchkitQuery } from '@matchkit/react';
import { OffersQuery } from '@matchkit/sdk/transport';
import { QueryState } from '../../components/Status';
import { Button, CardGrid } from '../../components/ui';
import { OfferCard } from './OfferCard';

/** How many offers one page holds. */
export const OFFERS_PAGE_SIZE = 4;

export function OfferList({ category, title }: { readonly category: string; readonly title: string }) {
  const [cursors, setCursors] = useState<readonly (string | null)[]>([null]);
  return (
    <CardGrid aria-label={title}>
      {cursors.map((after, i) => (
        <OfferPageOf
          key={after ?? 'first'}
          category={category}
          title={title}
          after={after}
          last={i === cursors.length - 1}
          onMore={(next) => setCursors((shown) => (shown.includes(next) ? shown : [...shown, next]))}
        />
      ))}
    </CardGrid>
  );
}

function OfferPageOf(props: {
  readonly category: string;
  readonly title: string;
  readonly after: string | null;
  readonly last: boolean;
  readonly onMore: (cursor: string) => void;
}) {
  const query = useMatchkitQuery(OffersQuery, { category: props.category, first: OFFERS_PAGE_SIZE, after: props.after });
  const first = useRef<HTMLLIElement>(null);
  const loaded = query.data !== undefined;
  // A page fetched by "Show more" takes the focus the button had: its first offer's link.
  useEffect(() => {
    if (loaded && props.after !== null) first.current?.querySelector('a')?.focus();
  }, [loaded, props.after]);
  if (query.data === undefined) {
    return (
      <li className="col-span-full">
        <QueryState query={query} loadingLabel={`Loading ${props.title.toLowerCase()}…`}>
          {() => null}
        </QueryState>
      </li>
    );
  }
  const { nodes, pageInfo } = query.data.data.offers;
  const next = pageInfo.endCursor;
  return (
    <>
      {nodes.map((offer, i) => (
        <OfferCard key={offer.id} offer={offer} {...(i === 0 ? { ref: first } : {})} />
      ))}
      {props.after === null && nodes.length === 0 ? (
        <li className="col-span-full text-muted">There are no offers in this category at the moment.</li>
      ) : null}
      {props.last && pageInfo.hasNextPage && next !== null ? (
        <li className="col-span-full">
          <Button variant="secondary" icon={ChevronDown} onClick={() => props.onMore(next)}>
            Show more<span className="visually-hidden"> {props.title.toLowerCase()}</span>
          </Button>
        </li>
      ) : null}
    </>
  );
}
