// A guide or training tutorial: its text, and the previous and next pages in reading order
// (training first, then the guides, as the server lists them).
import { Link } from 'react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useMatchkitQuery } from '@matchkit/react';
import { GuidesQuery, type GqlGuide } from '@matchkit/sdk/transport';
import { Page } from '../../components/Page';
import { Badge } from '../../components/ui';
import type { GuideWithBody } from './api/guide';
import { ContentBody } from './ContentBody';

/** A neighbour's link: a word over the guide's title. */
const NEIGHBOUR = 'flex max-w-full flex-col gap-0.5 rounded-control border border-border p-3 no-underline hover:bg-accent-soft';

/** Every guide fits in one page of the list (the server allows up to 100). */
const ALL_GUIDES = { first: 100 } as const;

/** The guides before and after `slug` in reading order. */
export function neighbours(guides: readonly GqlGuide[], slug: string): { previous: GqlGuide | null; next: GqlGuide | null } {
  const at = guides.findIndex((g) => g.slug === slug);
  if (at === -1) return { previous: null, next: null };
  return { previous: guides[at - 1] ?? null, next: guides[at + 1] ?? null };
}

export function GuideView({ guide }: { readonly guide: GuideWithBody }) {
  const all = useMatchkitQuery(GuidesQuery, ALL_GUIDES);
  const { previous, next } = neighbours(all.data?.data.guides.nodes ?? [], guide.slug);
  return (
    <Page title={guide.title} lead={guide.summary} width="reading">
      <p className="mt-0">
        <Badge tone="accent">{guide.section === 'training' ? 'Training' : 'Guide'}</Badge>
      </p>
      <ContentBody body={guide.body} />
      {previous === null && next === null ? null : (
        <nav className="mt-8 flex flex-wrap justify-between gap-4 border-t border-border pt-4" aria-label="Guides in reading order">
          {previous === null ? null : (
            <Link className={NEIGHBOUR} to={previous.url} rel="prev">
              <small className="flex items-center gap-1 text-muted">
                <ArrowLeft aria-hidden="true" focusable="false" size={14} /> Previous
              </small>{' '}
              {previous.title}
            </Link>
          )}
          {next === null ? null : (
            <Link className={`${NEIGHBOUR} ml-auto items-end text-right`} to={next.url} rel="next">
              <small className="flex items-center gap-1 text-muted">
                Next <ArrowRight aria-hidden="true" focusable="false" size={14} />
              </small>{' '}
              {next.title}
            </Link>
          )}
        </nav>
      )}
    </Page>
  );
}
