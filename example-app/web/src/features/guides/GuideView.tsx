// A guide or training tutorial: its text, and the previous and next pages in reading order
// (training first, then the guides, as the server lists them).
import { Link } from 'react-router';
import { useMatchkitQuery } from '@matchkit/react';
import { GuidesQuery, type GqlGuide } from '@matchkit/sdk/transport';
import { Page } from '../../components/Page';
import type { GuideWithBody } from './api/guide';
import { ContentBody } from './ContentBody';
import '../offers/offers.css';

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
      <p className="small-print">{guide.section === 'training' ? 'Training' : 'Guide'}</p>
      <ContentBody body={guide.body} />
      {previous === null && next === null ? null : (
        <nav className="content-nav" aria-label="Guides in reading order">
          {previous === null ? null : (
            <Link to={previous.url} rel="prev">
              <small>Previous</small> {previous.title}
            </Link>
          )}
          {next === null ? null : (
            <Link className="next" to={next.url} rel="next">
              <small>Next</small> {next.title}
            </Link>
          )}
        </nav>
      )}
    </Page>
  );
}
