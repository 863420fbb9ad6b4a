// Admin > Content > Offers: every offer, drafts included (adminOffers), by category in the order
// members read them (a new offer goes first), of one category or all, each with its state (a
// draft, or the day it was published), a move up or down that saves the category's new order,
// publish or unpublish, a preview as members read it, edit and delete; and new ones, saved as a
// draft or published. Members see a change on their next load.
import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { matchkitQueryKey, useBrand, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { OffersQuery } from '@matchkit/sdk/transport';
import { formatPence } from '../../../components/money';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, SelectField, Table, Td, Th } from '../../../components/ui';
import { Dialog } from '../../../components/ui/Dialog';
import {
  AdminDeleteOfferMutation,
  AdminMoveOfferMutation,
  AdminOffersQuery,
  AdminPublishOfferMutation,
  AdminSaveOfferMutation,
  type GqlAdminOffer,
  type GqlOfferInput,
} from '../generated/operations';
import { ConfirmDelete, failed, ItemActions, publishedMessage, savedMessage, useContentChanges } from './actions';
import { fieldErrors, OfferForm, type OfferFieldName } from './OfferForm';
import { OfferPreview, PublishState } from './shared';

type Offer = GqlAdminOffer;

/** Where members read an offer (features/offers' address, written out: a feature does not reach into another's files). */
function offerAddress(o: Pick<Offer, 'category' | 'slug'>): string {
  return `/offers/${encodeURIComponent(o.category)}/${encodeURIComponent(o.slug)}`;
}

export function OffersPart() {
  const brand = useBrand();
  const [category, setCategory] = useState('');
  const query = useMatchkitQuery(AdminOffersQuery, { category: category === '' ? null : category });
  const { queryClient } = useMatchkit();
  const saveOffer = useMatchkitMutation(AdminSaveOfferMutation);
  const publish = useMatchkitMutation(AdminPublishOfferMutation);
  const remove = useMatchkitMutation(AdminDeleteOfferMutation);
  const moveOffer = useMatchkitMutation(AdminMoveOfferMutation);
  // The form: closed (null), a new offer ('new') or an offer being edited.
  const [editing, setEditing] = useState<Offer | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<Offer | null>(null);
  const [deleting, setDeleting] = useState<Offer | null>(null);
  const [errors, setErrors] = useState<Partial<Record<OfferFieldName | 'form', string>>>({});
  const { change, move, save, moving, feedback, clearDone } = useContentChanges(() =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(AdminOffersQuery) }),
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(OffersQuery) }),
    ]),
  );
  const open = (o: Offer | 'new') => {
    setErrors({});
    clearDone();
    setEditing(o);
  };
  const submit = (input: GqlOfferInput) => {
    setErrors({});
    void save(
      async () => (await saveOffer.mutateAsync({ input })).data.adminSaveOffer,
      { onRefused: (message) => setErrors(fieldErrors(message)), onFailed: (form) => setErrors({ form }), onSaved: () => setEditing(null) },
      savedMessage(input),
    );
  };
  const setPublished = (o: Offer, published: boolean) =>
    void change(
      async () => failed((await publish.mutateAsync({ slug: o.slug, published })).data.adminPublishOffer),
      publishedMessage(o.title, published),
    );
  const confirmDelete = (o: Offer, close: () => void) =>
    void change(
      async () => {
        try {
          return failed((await remove.mutateAsync({ slug: o.slug })).data.adminDeleteOffer);
        } finally {
          close();
        }
      },
      `“${o.title}” deleted.`,
      `offers-${o.category}`,
    );
  /** The categories to show, in the brand's order: one, or all (and any the brand no longer lists, last, by slug). */
  const sections = (offers: readonly Offer[]) => {
    if (category !== '') return brand.offerCategories.filter((c) => c.slug === category);
    const known = new Set(brand.offerCategories.map((c) => c.slug));
    const other = [...new Set(offers.map((o) => o.category).filter((c) => !known.has(c)))].map((slug) => ({ slug, title: slug }));
    return [...brand.offerCategories, ...other];
  };
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <h2 className="m-0 text-xl font-semibold">Offers</h2>
        <div className="flex flex-wrap items-end gap-2">
          <SelectField label="Category" value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
            <option value="">All categories</option>
            {brand.offerCategories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.title}
              </option>
            ))}
          </SelectField>
          <Button icon={Plus} onClick={() => open('new')} className="mb-4">
            New offer
          </Button>
        </div>
      </div>
      {feedback}
      <p className="mt-0 text-sm text-muted">
        Each category as members read it on the dashboard, drafts aside: a new offer goes first, and Move up or Move down saves the new
        order at once.
      </p>
      <QueryState query={query} loadingLabel="Loading offers…">
        {({ data: { adminOffers } }) =>
          adminOffers.length === 0 ? (
            <EmptyState title="No offers yet" description="Offers you add appear here, and on the members' dashboard once published." />
          ) : (
            <div className="grid gap-6">
              {sections(adminOffers).map(({ slug: section, title }) => {
                const offers = adminOffers.filter((o) => o.category === section);
                return (
                  <section key={section} aria-labelledby={`offers-${section}`}>
                    {/* Focused after a delete in the category (tabIndex -1: by script only). */}
                    <h3 id={`offers-${section}`} tabIndex={-1} className="mt-0 mb-2 text-lg font-semibold">
                      {title}
                    </h3>
                    {offers.length === 0 ? (
                      <EmptyState title={`No ${title.toLowerCase()} yet`} description="Add one with the New offer button." />
                    ) : (
                      <Table caption={title} captionHidden tableClassName="min-w-4xl">
                        <thead>
                          <tr>
                            <Th>Title</Th>
                            <Th>Bookmaker</Th>
                            <Th numeric>Typical profit</Th>
                            <Th>Status</Th>
                            <Th>
                              <span className="visually-hidden">Actions</span>
                            </Th>
                          </tr>
                        </thead>
                        <tbody>
                          {offers.map((o, i) => (
                            <tr key={o.id}>
                              <Th scope="row">{o.publishedAt === null ? o.title : <Link to={offerAddress(o)}>{o.title}</Link>}</Th>
                              <Td>{o.bookmaker}</Td>
                              <Td numeric>{formatPence(o.expectedProfit)}</Td>
                              <Td>
                                <PublishState publishedAt={o.publishedAt} />
                              </Td>
                              <Td>
                                <ItemActions
                                  itemKey={o.id}
                                  title={o.title}
                                  publishedAt={o.publishedAt}
                                  first={i === 0}
                                  last={i === offers.length - 1}
                                  moving={moving}
                                  publishing={publish.isPending}
                                  onMove={(direction) =>
                                    void move(o.id, o.title, direction, async () =>
                                      failed(
                                        (await moveOffer.mutateAsync({ slug: o.slug, direction: direction === 'up' ? 'UP' : 'DOWN' })).data
                                          .adminMoveOffer,
                                      ),
                                    )
                                  }
                                  onPublish={(published) => setPublished(o, published)}
                                  onPreview={() => setPreviewing(o)}
                                  onEdit={() => open(o)}
                                  onDelete={() => setDeleting(o)}
                                />
                              </Td>
                            </tr>
                          ))}
                        </tbody>
                      </Table>
                    )}
                  </section>
                );
              })}
            </div>
          )
        }
      </QueryState>
      <Dialog
        isOpen={editing !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setEditing(null))}
        title={editing === 'new' || editing === null ? 'New offer' : `Edit “${editing.title}”`}
        size="lg"
      >
        {(close) =>
          editing === null ? null : (
            <OfferForm
              key={editing === 'new' ? 'new' : editing.id}
              offer={editing === 'new' ? undefined : editing}
              saving={saveOffer.isPending}
              errors={errors}
              onSubmit={submit}
              onCancel={close}
            />
          )
        }
      </Dialog>
      <Dialog
        isOpen={previewing !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setPreviewing(null))}
        title={previewing === null ? 'Preview' : `Preview: ${previewing.title}`}
        size="lg"
      >
        {previewing === null ? null : <OfferPreview offer={previewing} />}
      </Dialog>
      <ConfirmDelete
        kind="offer"
        item={deleting}
        deleting={remove.isPending}
        note="Members no longer see it, and their record of completing it goes with it."
        onClose={() => setDeleting(null)}
        onConfirm={(close) => (deleting === null ? close() : confirmDelete(deleting, close))}
      />
    </>
  );
}
