// Guides and Training on the dashboard: the tutorials and the guides in reading order, each with
// its summary, a page at a time ("Show more").
import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { useMatchkitQuery } from '@matchkit/react';
import { GuidesQuery } from '@matchkit/sdk/transport';
import { QueryState } from '../../components/Status';
import { Button, Card } from '../../components/ui';

/** The sections the server keeps, in reading order, with their headings. */
export const GUIDE_SECTIONS = [
  { section: 'training', title: 'Training' },
  { section: 'guides', title: 'Guides' },
] as const;

const GUIDES_PAGE_SIZE = 10;

export function GuideList({ section, title }: { readonly section: string; readonly title: string }) {
  const [cursors, setCursors] = useState<readonly (string | null)[]>([null]);
  return (
    <ol className="m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(min(100%,16rem),1fr))] gap-4 p-0" aria-label={title}>
      {cursors.map((after, i) => (
        <GuidePageOf
          key={after ?? 'first'}
          section={section}
          after={after}
          last={i === cursors.length - 1}
          onMore={(next) => setCursors((shown) => (shown.includes(next) ? shown : [...shown, next]))}
        />
      ))}
    </ol>
  );
}

function GuidePageOf(props: {
  readonly section: string;
  readonly after: string | null;
  readonly last: boolean;
  readonly onMore: (cursor: string) => void;
}) {
  const query = useMatchkitQuery(GuidesQuery, { section: props.section, first: GUIDES_PAGE_SIZE, after: props.after });
  if (query.data === undefined) {
    return (
      <li className="col-span-full">
        <QueryState query={query} loadingLabel="Loading the guides…">
          {() => null}
        </QueryState>
      </li>
    );
  }
  const { nodes, pageInfo } = query.data.data.guides;
  const next = pageInfo.endCursor;
  return (
    <>
      {nodes.map((guide) => (
        <Card as="li" key={guide.slug} tone="compact" className="flex flex-col gap-1">
          <h4 className="m-0 text-base font-semibold">
            <Link to={guide.url}>{guide.title}</Link>
          </h4>
          <p className="m-0 text-sm text-muted">{guide.summary}</p>
        </Card>
      ))}
      {props.last && pageInfo.hasNextPage && next !== null ? (
        <li className="col-span-full">
          <Button variant="secondary" icon={ChevronDown} onClick={() => props.onMore(next)}>
            Show more guides
          </Button>
        </li>
      ) : null}
    </>
  );
}
