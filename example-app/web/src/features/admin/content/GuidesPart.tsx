// Admin > Content > Guides: every guide and tutorial, drafts included (adminGuides), by section in
// reading order (training is the tutorial sequence members follow), each with its state, publish
// or unpublish, a preview, edit, delete, and a move up or down that saves the section's new order.
// New guides are saved as a draft or published.
import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { GuidesQuery } from '@matchkit/sdk/transport';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, Table, Td, Th } from '../../../components/ui';
import { Dialog } from '../../../components/ui/Dialog';
import { GUIDE_SECTIONS } from '../../guides';
import {
  AdminDeleteGuideMutation,
  AdminGuidesQuery,
  AdminPublishGuideMutation,
  AdminSaveGuideMutation,
  type GqlAdminGuide,
  type GqlGuideInput,
} from '../generated/operations';
import { ConfirmDelete, failed, ItemActions, publishedMessage, savedMessage, useContentChanges } from './actions';
import { GuideForm, guideFieldErrors, type GuideFieldName } from './GuideForm';
import { inReadingOrder, moveGuide } from './order';
import { GuidePreview, PublishState } from './shared';

type Guide = GqlAdminGuide;

const SECTION_NOTE: Readonly<Record<string, string>> = {
  training: 'The tutorial sequence: members read these in this order.',
  guides: 'Guides to each kind of offer and tool, listed in this order.',
};

function inputOf(g: Guide, order: number): GqlGuideInput {
  return { slug: g.slug, title: g.title, section: g.section, summary: g.summary, body: g.body, order };
}

export function GuidesPart() {
  const query = useMatchkitQuery(AdminGuidesQuery, {});
  const { queryClient } = useMatchkit();
  const saveGuide = useMatchkitMutation(AdminSaveGuideMutation);
  const publish = useMatchkitMutation(AdminPublishGuideMutation);
  const remove = useMatchkitMutation(AdminDeleteGuideMutation);
  // The form: closed (null), a new guide of a section, or a guide being edited.
  const [editing, setEditing] = useState<Guide | { readonly section: string; readonly order: number } | null>(null);
  const [previewing, setPreviewing] = useState<Guide | null>(null);
  const [deleting, setDeleting] = useState<Guide | null>(null);
  const [errors, setErrors] = useState<Partial<Record<GuideFieldName | 'form', string>>>({});
  const { change, move, save, moving, feedback, clearDone } = useContentChanges(() =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(AdminGuidesQuery) }),
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(GuidesQuery) }),
    ]),
  );
  const start = (what: NonNullable<typeof editing>) => {
    setErrors({});
    clearDone();
    setEditing(what);
  };
  const submit = (input: GqlGuideInput) => {
    setErrors({});
    void save(
      async () => (await saveGuide.mutateAsync({ input })).data.adminSaveGuide,
      {
        onRefused: (message) => setErrors(guideFieldErrors(message)),
        onFailed: (form) => setErrors({ form }),
        onSaved: () => setEditing(null),
      },
      savedMessage(input),
    );
  };
  const setPublished = (g: Guide, published: boolean) =>
    void change(
      async () => failed((await publish.mutateAsync({ slug: g.slug, published })).data.adminPublishGuide),
      publishedMessage(g.title, published),
    );
  const confirmDelete = (g: Guide, close: () => void) =>
    void change(
      async () => {
        try {
          return failed((await remove.mutateAsync({ slug: g.slug })).data.adminDeleteGuide);
        } finally {
          close();
        }
      },
      `“${g.title}” deleted.`,
      `guides-${g.section}`,
    );
  /** One save per guide whose place changed; each keeps its draft or published state. */
  const reorder = (guides: readonly Guide[], index: number, direction: 'up' | 'down') => {
    const moved = guides[index];
    const changes = moveGuide(guides, index, direction === 'up' ? -1 : 1);
    if (moved === undefined || changes.length === 0) return;
    void move(moved.slug, moved.title, direction, async () => {
      for (const { guide, order } of changes) {
        const problem = failed((await saveGuide.mutateAsync({ input: inputOf(guide, order) })).data.adminSaveGuide);
        if (problem !== null) return problem;
      }
      return null;
    });
  };
  return (
    <>
      <h2 className="mt-0 mb-3 text-xl font-semibold">Guides and training</h2>
      {feedback}
      <QueryState query={query} loadingLabel="Loading guides…">
        {({ data: { adminGuides } }) => (
          <div className="grid gap-6">
            {GUIDE_SECTIONS.map(({ section, title }) => {
              const guides = inReadingOrder(adminGuides.filter((g) => g.section === section));
              const next = guides.reduce((most, g) => Math.max(most, g.order + 1), 0);
              return (
                <section key={section} aria-labelledby={`guides-${section}`}>
                  <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                    {/* Focused after a delete in the section (tabIndex -1: by script only). */}
                    <h3 id={`guides-${section}`} tabIndex={-1} className="m-0 text-lg font-semibold">
                      {title}
                    </h3>
                    <Button size="sm" icon={Plus} onClick={() => start({ section, order: next })}>
                      New {section === 'training' ? 'tutorial' : 'guide'}
                    </Button>
                  </div>
                  <p className="mt-0 text-sm text-muted">{SECTION_NOTE[section]}</p>
                  {guides.length === 0 ? (
                    <EmptyState title={`No ${title.toLowerCase()} yet`} description="Add one with the button above." />
                  ) : (
                    <Table caption={title} captionHidden tableClassName="min-w-3xl">
                      <thead>
                        <tr>
                          <Th numeric>Order</Th>
                          <Th>Title</Th>
                          <Th>Status</Th>
                          <Th>
                            <span className="visually-hidden">Actions</span>
                          </Th>
                        </tr>
                      </thead>
                      <tbody>
                        {guides.map((g, i) => (
                          <tr key={g.slug}>
                            <Td numeric>{g.order}</Td>
                            <Th scope="row">{g.publishedAt === null ? g.title : <Link to={g.url}>{g.title}</Link>}</Th>
                            <Td>
                              <PublishState publishedAt={g.publishedAt} />
                            </Td>
                            <Td>
                              <ItemActions
                                itemKey={g.slug}
                                title={g.title}
                                publishedAt={g.publishedAt}
                                first={i === 0}
                                last={i === guides.length - 1}
                                moving={moving}
                                publishing={publish.isPending}
                                onMove={(direction) => reorder(guides, i, direction)}
                                onPublish={(published) => setPublished(g, published)}
                                onPreview={() => setPreviewing(g)}
                                onEdit={() => start(g)}
                                onDelete={() => setDeleting(g)}
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
        )}
      </QueryState>
      <Dialog
        isOpen={editing !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setEditing(null))}
        title={editing === null || !('slug' in editing) ? 'New guide' : `Edit “${editing.title}”`}
        size="lg"
      >
        {(close) =>
          editing === null ? null : 'slug' in editing ? (
            <GuideForm key={editing.slug} guide={editing} saving={saveGuide.isPending} errors={errors} onSubmit={submit} onCancel={close} />
          ) : (
            <GuideForm
              key={`new-${editing.section}`}
              section={editing.section}
              order={editing.order}
              saving={saveGuide.isPending}
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
        {previewing === null ? null : <GuidePreview guide={previewing} />}
      </Dialog>
      <ConfirmDelete
        kind="guide"
        item={deleting}
        deleting={remove.isPending}
        note="Members no longer see it, nor find it in the tutorial sequence or the guides."
        onClose={() => setDeleting(null)}
        onConfirm={(close) => (deleting === null ? close() : confirmDelete(deleting, close))}
      />
    </>
  );
}
