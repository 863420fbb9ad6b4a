// Admin > Content: the offers members see (the members' offers query, newest first), each edited
// or deleted here, and new ones added. A save is published at once: members see it on their next
// load (drafts are a later slice).
import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { matchkitQueryKey, useBrand, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { OffersQuery } from '@matchkit/sdk/transport';
import { describeError } from '../../../components/errors';
import { formatPence } from '../../../components/money';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, ErrorState, Table, Td, Th } from '../../../components/ui';
import { Dialog } from '../../../components/ui/Dialog';
import {
  AdminDeleteOfferMutation,
  AdminOffersQuery,
  AdminSaveOfferMutation,
  type GqlAdminOffer,
  type GqlOfferInput,
} from '../generated/operations';
import { fieldErrors, OfferForm, type OfferFieldName } from './OfferForm';

/** Offers listed (the server's most a page). */
const OFFERS_LISTED = 100;

type Offer = GqlAdminOffer;

/** Where members read an offer (features/offers' address, written out: a feature does not reach into another's files). */
function offerAddress(o: Pick<Offer, 'category' | 'slug'>): string {
  return `/offers/${encodeURIComponent(o.category)}/${encodeURIComponent(o.slug)}`;
}

export function ContentSection() {
  const brand = useBrand();
  const query = useMatchkitQuery(AdminOffersQuery, { first: OFFERS_LISTED });
  const { queryClient } = useMatchkit();
  const save = useMatchkitMutation(AdminSaveOfferMutation);
  const remove = useMatchkitMutation(AdminDeleteOfferMutation);
  // The form: closed (null), a new offer ('new') or an offer being edited.
  const [editing, setEditing] = useState<Offer | 'new' | null>(null);
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
          setDone(`“${input.title}” saved: members see it now.`);
        },
        onError: (error) => setErrors({ form: describeError(error) }),
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
          if (!data.adminDeleteOffer.ok) {
            setProblem(data.adminDeleteOffer.error?.message ?? 'That did not work. Please try again.');
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
  const category = (slug: string) => brand.offerCategories.find((c) => c.slug === slug)?.title ?? slug;
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="m-0 text-xl font-semibold">Offers</h2>
        <Button icon={Plus} onClick={() => open('new')}>
          New offer
        </Button>
      </div>
      <p role="status" className="mt-0 empty:hidden">
        {done}
      </p>
      {problem === null ? null : <ErrorState className="mb-3" message={problem} />}
      <QueryState query={query} loadingLabel="Loading offers…">
        {({ data: { offers } }) =>
          offers.nodes.length === 0 ? (
            <EmptyState title="No offers yet" description="Offers you add appear here and on the members' dashboard." />
          ) : (
            <Table caption="Offers" captionHidden tableClassName="min-w-3xl">
              <thead>
                <tr>
                  <Th>Title</Th>
                  <Th>Category</Th>
                  <Th>Bookmaker</Th>
                  <Th numeric>Typical profit</Th>
                  <Th>
                    <span className="visually-hidden">Actions</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {offers.nodes.map((o) => (
                  <tr key={o.id}>
                    <Th scope="row">
                      <Link to={offerAddress(o)}>{o.title}</Link>
                    </Th>
                    <Td>{category(o.category)}</Td>
                    <Td>{o.bookmaker}</Td>
                    <Td numeric>{formatPence(o.expectedProfit)}</Td>
                    <Td>
                      <span className="flex gap-2">
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
