// Admin > Content > Offers: every offer, drafts included (adminOffers), newest first, of one
// category or all, each with its state (a draft, or the day it was published), publish or
// unpublish, a preview as members read it, edit and delete; and new ones, saved as a draft or
// published. Members see a change on their next load.
import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { matchkitQueryKey, useBrand, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { OffersQuery } from '@matchkit/sdk/transport';
import { describeError } from '../../../components/errors';
import { formatPence } from '../../../components/money';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, ErrorState, SelectField, Table, Td, Th } from '../../../components/ui';
import { Dialog } from '../../../components/ui/Dialog';
import {
  AdminDeleteOfferMutation,
  AdminOffersQuery,
  AdminPublishOfferMutation,
  AdminSaveOfferMutation,
  type GqlAdminOffer,
  type GqlOfferInput,
} from '../generated/operations';
import { fieldErrors, OfferForm, type OfferFieldName } from './OfferForm';
import { failed, OfferPreview, PublishState } from './shared';

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
  const save = useMatchkitMutation(AdminSaveOfferMutation);
  const publish = useMatchkitMutation(AdminPublishOfferMutation);
  const remove = useMatchkitMutation(AdminDeleteOfferMutation);
  // The form: closed (null), a new offer ('new') or an offer being edited.
  const [editing, setEditing] = useState<Offer | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<Offer | null>(null);
  const [deleting, setDeleting] = useState<Offer | null>(null);
  const [errors, setErrors] = useState<Partial<Record<OfferFieldName | 'form', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
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
  const categoryTitle = (slug: string) => brand.offerCategories.find((c) => c.slug === slug)?.title ?? slug;
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
      <QueryState query={query} loadingLabel="Loading offers…">
        {({ data: { adminOffers } }) =>
          adminOffers.length === 0 ? (
            <EmptyState title="No offers yet" description="Offers you add appear here, and on the members' dashboard once published." />
          ) : (
            <Table caption="Offers" captionHidden tableClassName="min-w-4xl">
              <thead>
                <tr>
                  <Th>Title</Th>
                  <Th>Category</Th>
                  <Th>Bookmaker</Th>
                  <Th numeric>Typical profit</Th>
                  <Th>Status</Th>
                  <Th>
                    <span className="visually-hidden">Actions</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {adminOffers.map((o) => (
                  <tr key={o.id}>
                    <Th scope="row">{o.publishedAt === null ? o.title : <Link to={offerAddress(o)}>{o.title}</Link>}</Th>
                    <Td>{categoryTitle(o.category)}</Td>
                    <Td>{o.bookmaker}</Td>
                    <Td numeric>{formatPence(o.expectedProfit)}</Td>
                    <Td>
                      <PublishState publishedAt={o.publishedAt} />
                    </Td>
                    <Td>
                      <span className="flex gap-2">
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
