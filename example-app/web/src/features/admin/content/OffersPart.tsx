// Admin > Content > Offers: every offer, drafts included (adminOffers), by category in the order
// members read them (a new offer goes first), of one category or all, each with its state (a
// draft, or the day it was published), a move up or down that saves the category's new order,
// publish or unpublish, a preview as members read it, edit and delete; and new ones, saved as a
// draft or published. Members see a change on their next load.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { matchkitQueryKey, useBrand, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { OffersQuery } from '@matchkit/sdk/transport';
import { describeError } from '../../../components/errors';
import { formatPence } from '../../../components/money';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, ErrorState, IconButton, SelectField, Table, Td, Th } from '../../../components/ui';
import { Dialog } from '../../../components/ui/Dialog';
import {
  AdminDeleteOfferMutation,
  AdminMoveOfferMutation,
  AdminOffersQuery,
  AdminPublishOfferMutation,
  AdminSaveOfferMutation,
  type GqlAdminOffer,
  type GqlMoveDirection,
  type GqlOfferInput,
} from '../generated/operations';
import { fieldErrors, OfferForm, type OfferFieldName } from './OfferForm';
import { failed, OfferPreview, PublishState } from './shared';

type Offer = GqlAdminOffer;

/** Where members read an offer (features/offers' address, written out: a feature does not reach into another's files). */
function offerAddress(o: Pick<Offer, 'category' | 'slug'>): string {
  return `/offers/${encodeURIComponent(o.category)}/${encodeURIComponent(o.slug)}`;
}

/** The id of an offer's move button (focus returns to it once the list shows the new order). */
function moveButtonId(o: Pick<Offer, 'id'>, direction: GqlMoveDirection): string {
  return `move-offer-${direction === 'UP' ? 'up' : 'down'}-${o.id}`;
}

export function OffersPart() {
  const brand = useBrand();
  const [category, setCategory] = useState('');
  const query = useMatchkitQuery(AdminOffersQuery, { category: category === '' ? null : category });
  const { queryClient } = useMatchkit();
  const save = useMatchkitMutation(AdminSaveOfferMutation);
  const publish = useMatchkitMutation(AdminPublishOfferMutation);
  const remove = useMatchkitMutation(AdminDeleteOfferMutation);
  const moveOffer = useMatchkitMutation(AdminMoveOfferMutation);
  // The form: closed (null), a new offer ('new') or an offer being edited.
  const [editing, setEditing] = useState<Offer | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<Offer | null>(null);
  const [deleting, setDeleting] = useState<Offer | null>(null);
  const [errors, setErrors] = useState<Partial<Record<OfferFieldName | 'form', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  // The move button to focus again once the move is saved and the list re-read (the buttons are
  // disabled while it is saved, and a row that moves may be taken out of the page and put back).
  const refocus = useRef<{ readonly offer: Offer; readonly direction: GqlMoveDirection } | null>(null);
  useEffect(() => {
    if (moving || refocus.current === null) return;
    const { offer, direction } = refocus.current;
    refocus.current = null;
    const other: GqlMoveDirection = direction === 'UP' ? 'DOWN' : 'UP';
    // The same button, or the other one when this one cannot move it further (now first or last).
    const same = document.getElementById(moveButtonId(offer, direction));
    const target = same instanceof HTMLButtonElement && same.disabled ? document.getElementById(moveButtonId(offer, other)) : same;
    target?.focus();
  }, [moving]);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(AdminOffersQuery) }),
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(OffersQuery) }),
    ]);
  const open = (o: Offer | 'new') => {
    setErrors({});
    setDone(null);
    setEditing(o);
  };
  const submit = (input: GqlOfferInput) => {
    setErrors({});
    save.mutate(
      { input },
      {
        onSuccess: async ({ data }) => {
          const r = data.adminSaveOffer;
          if (!r.ok) {
            setErrors(fieldErrors(r.error?.message ?? 'That did not work. Please try again.'));
            return;
          }
          setEditing(null);
          await refresh();
          setDone(
            input.draft === true
              ? `“${input.title}” saved as a draft: members do not see it.`
              : `“${input.title}” saved: members see it now.`,
          );
        },
        onError: (error) => setErrors({ form: describeError(error) }),
      },
    );
  };
  const setPublished = (o: Offer, published: boolean) => {
    setProblem(null);
    setDone(null);
    publish.mutate(
      { slug: o.slug, published },
      {
        onSuccess: async ({ data }) => {
          const problem = failed(data.adminPublishOffer);
          if (problem !== null) {
            setProblem(problem);
            return;
          }
          await refresh();
          setDone(published ? `“${o.title}” published: members see it now.` : `“${o.title}” unpublished: members no longer see it.`);
        },
        onError: (error) => setProblem(describeError(error)),
      },
    );
  };
  const confirmDelete = (o: Offer, close: () => void) => {
    setProblem(null);
    remove.mutate(
      { slug: o.slug },
      {
        onSuccess: async ({ data }) => {
          close();
          const problem = failed(data.adminDeleteOffer);
          if (problem !== null) {
            setProblem(problem);
            return;
          }
          await refresh();
          setDone(`“${o.title}” deleted.`);
        },
        onError: (error) => {
          close();
          setProblem(describeError(error));
        },
      },
    );
  };
  const move = async (o: Offer, direction: GqlMoveDirection) => {
    setProblem(null);
    setDone(null);
    setMoving(true);
    refocus.current = { offer: o, direction };
    try {
      const { data } = await moveOffer.mutateAsync({ slug: o.slug, direction });
      const problem = failed(data.adminMoveOffer);
      if (problem !== null) {
        setProblem(problem);
        return;
      }
      setDone(`“${o.title}” moved ${direction === 'UP' ? 'up' : 'down'}.`);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      await refresh();
      setMoving(false);
    }
  };
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
      <p role="status" className="mt-0 empty:hidden">
        {done}
      </p>
      {problem === null ? null : <ErrorState className="mb-3" message={problem} />}
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
                    <h3 id={`offers-${section}`} className="mt-0 mb-2 text-lg font-semibold">
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
                                <span className="flex gap-2">
                                  <IconButton
                                    id={moveButtonId(o, 'UP')}
                                    size="sm"
                                    variant="secondary"
                                    icon={ArrowUp}
                                    label={`Move ${o.title} up`}
                                    disabled={moving || i === 0}
                                    onClick={() => void move(o, 'UP')}
                                  />
                                  <IconButton
                                    id={moveButtonId(o, 'DOWN')}
                                    size="sm"
                                    variant="secondary"
                                    icon={ArrowDown}
                                    label={`Move ${o.title} down`}
                                    disabled={moving || i === offers.length - 1}
                                    onClick={() => void move(o, 'DOWN')}
                                  />
                                  <Button
                                    // A new button for the other action: the same one changing colour would pass through low contrast.
                                    key={o.publishedAt === null ? 'publish' : 'unpublish'}
                                    size="sm"
                                    variant={o.publishedAt === null ? 'primary' : 'secondary'}
                                    disabled={publish.isPending}
                                    aria-label={`${o.publishedAt === null ? 'Publish' : 'Unpublish'} ${o.title}`}
                                    onClick={() => setPublished(o, o.publishedAt === null)}
                                  >
                                    {o.publishedAt === null ? 'Publish' : 'Unpublish'}
                                  </Button>
                                  <Button size="sm" variant="secondary" aria-label={`Preview ${o.title}`} onClick={() => setPreviewing(o)}>
                                    Preview
                                  </Button>
                                  <Button size="sm" variant="secondary" aria-label={`Edit ${o.title}`} onClick={() => open(o)}>
                                    Edit
                                  </Button>
                                  <Button size="sm" variant="secondary" aria-label={`Delete ${o.title}`} onClick={() => setDeleting(o)}>
                                    Delete
                                  </Button>
                                </span>
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
              saving={save.isPending}
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
      <Dialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        role="alertdialog"
        size="sm"
        title={deleting === null ? 'Delete the offer?' : `Delete “${deleting.title}”?`}
        footer={(close) => (
          <>
            <Button variant="secondary" onClick={close}>
              Keep it
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => (deleting === null ? close() : confirmDelete(deleting, close))}
            >
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </Button>
          </>
        )}
      >
        <p className="m-0">Members no longer see it, and their record of completing it goes with it.</p>
      </Dialog>
    </>
  );
}
