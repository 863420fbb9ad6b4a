// What the offers and guides parts of Admin > Content share: an item's state (a draft, or when it
// was published), the preview of an item as members read it (the guides feature's ContentBody, the
// same rendering as the members' pages). Their changes and buttons are in actions.tsx.
import type { ReactNode } from 'react';
import { useBrand } from '@matchkit/react';
import { formatPence } from '../../../components/money';
import { Badge, FactList, FactRow } from '../../../components/ui';
import { ContentBody } from '../../guides';
import { adminDate } from '../format';
import type { GqlAdminGuide, GqlAdminOffer } from '../generated/operations';

/** A draft (members do not see it) or the day it was published. */
export function PublishState({ publishedAt }: { readonly publishedAt: string | null }) {
  return publishedAt === null ? <Badge tone="warning">Draft</Badge> : <span>Published {adminDate(publishedAt)}</span>;
}

function PreviewFrame({ children }: { readonly children: ReactNode }) {
  return (
    <div className="rounded-control border border-dashed border-border p-4">
      <p className="mt-0 mb-3 text-sm text-muted">As members read it:</p>
      {children}
    </div>
  );
}

/** An offer as members read it: its summary, bookmaker, category and typical profit, and its steps. */
export function OfferPreview({ offer }: { readonly offer: GqlAdminOffer }) {
  const brand = useBrand();
  const category = brand.offerCategories.find((c) => c.slug === offer.category)?.title ?? offer.category;
  return (
    <PreviewFrame>
      <p className="mt-0 text-lg">{offer.summary}</p>
      <FactList>
        <FactRow term="Typical profit">{formatPence(offer.expectedProfit)}</FactRow>
        <FactRow term="Bookmaker">{offer.bookmaker}</FactRow>
        <FactRow term="Category">{category}</FactRow>
      </FactList>
      <h3 className="mt-4 mb-3 text-lg font-semibold">Step by step</h3>
      <ContentBody body={offer.body} />
    </PreviewFrame>
  );
}

/** A guide as members read it: its summary and text. */
export function GuidePreview({ guide }: { readonly guide: GqlAdminGuide }) {
  return (
    <PreviewFrame>
      <p className="mt-0 text-lg">{guide.summary}</p>
      <ContentBody body={guide.body} />
    </PreviewFrame>
  );
}
