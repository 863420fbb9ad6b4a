// Admin > Content > Guides: every guide and tutorial, drafts included (adminGuides), by section in
// reading order (training is the tutorial sequence members follow), each with its state, publish
// or unpublish, a preview, edit, and a move up or down that saves the section's new order. New
// guides are saved as a draft or published.
import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { GuidesQuery } from '@matchkit/sdk/transport';
import { describeError } from '../../../components/errors';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, ErrorState, IconButton, Table, Td, Th } from '../../../components/ui';
import { Dialog } from '../../../components/ui/Dialog';
import { GUIDE_SECTIONS } from '../../guides';
import {
  AdminGuidesQuery,
  AdminPublishGuideMutation,
  AdminSaveGuideMutation,
  type GqlAdminGuide,
  type GqlGuideInput,
} from '../generated/operations';
import { GuideForm, guideFieldErrors, type GuideFieldName } from './GuideForm';
import { inReadingOrder, moveGuide } from './order';
import { failed, GuidePreview, PublishState } from './shared';

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
  const save = useMatchkitMutation(AdminSaveGuideMutation);
  const publish = useMatchkitMutation(AdminPublishGuideMutation);
  // The form: closed (null), a new guide of a section, or a guide being edited.
  const [editing, setEditing] = useState<Guide | { readonly section: string; readonly order: number } | null>(null);
  const [previewing, setPreviewing] = useState<Guide | null>(null);
  const [errors, setErrors] = useState<Partial<Record<GuideFieldName | 'form', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(AdminGuidesQuery) }),
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(GuidesQuery) }),
    ]);
  const start = (what: NonNullable<typeof editing>) => {
    setErrors({});
    setDone(null);
    setEditing(what);
  };
  const submit = (input: GqlGuideInput) => {
    setErrors({});
    save.mutate(
      { input },
      {
        onSuccess: async ({ data }) => {
          const r = data.adminSaveGuide;
          if (!r.ok) {
            setErrors(guideFieldErrors(r.error?.message ?? 'That did not work. Please try again.'));
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
  const setPublished = (g: Guide, published: boolean) => {
    setProblem(null);
    setDone(null);
    publish.mutate(
      { slug: g.slug, published },
      {
        onSuccess: async ({ data }) => {
          const problem = failed(data.adminPublishGuide);
          if (problem !== null) {
            setProblem(problem);
            return;
          }
          await refresh();
          setDone(published ? `“${g.title}” published: members see it now.` : `“${g.title}” unpublished: members no longer see it.`);
        },
        onError: (error) => setProblem(describeError(error)),
      },
    );
  };
  const move = async (guides: readonly Guide[], index: number, by: -1 | 1) => {
    const moved = guides[index];
    const changes = moveGuide(guides, index, by);
    if (moved === undefined || changes.length === 0) return;
    setProblem(null);
    setDone(null);
    setMoving(true);
    try {
      // One save per guide whose place changed; each keeps its draft or published state.
      for (const { guide, order } of changes) {
        const { data } = await save.mutateAsync({ input: inputOf(guide, order) });
        const problem = failed(data.adminSaveGuide);
        if (problem !== null) {
          setProblem(problem);
          return;
        }
      }
      setDone(`“${moved.title}” moved ${by < 0 ? 'up' : 'down'}.`);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      await refresh();
      setMoving(false);
    }
  };
  return (
    <>
      <h2 className="mt-0 mb-3 text-xl font-semibold">Guides and training</h2>
      <p role="status" className="mt-0 empty:hidden">
        {done}
      </p>
      {problem === null ? null : <ErrorState className="mb-3" message={problem} />}
      <QueryState query={query} loadingLabel="Loading guides…">
        {({ data: { adminGuides } }) => (
          <div className="grid gap-6">
            {GUIDE_SECTIONS.map(({ section, title }) => {
              const guides = inReadingOrder(adminGuides.filter((g) => g.section === section));
              const next = guides.reduce((most, g) => Math.max(most, g.order + 1), 0);
              return (
                <section key={section} aria-labelledby={`guides-${section}`}>
                  <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                    <h3 id={`guides-${section}`} className="m-0 text-lg font-semibold">
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
                              <span className="flex flex-wrap gap-2">
                                <IconButton
                                  size="sm"
                                  variant="secondary"
                                  icon={ArrowUp}
                                  label={`Move ${g.title} up`}
                                  disabled={moving || i === 0}
                                  onClick={() => void move(guides, i, -1)}
                                />
                                <IconButton
                                  size="sm"
                                  variant="secondary"
                                  icon={ArrowDown}
                                  label={`Move ${g.title} down`}
                                  disabled={moving || i === guides.length - 1}
                                  onClick={() => void move(guides, i, 1)}
                                />
                                <Button
                                  // A new button for the other action: the same one changing colour would pass through low contrast.
                                  key={g.publishedAt === null ? 'publish' : 'unpublish'}
                                  size="sm"
                                  variant={g.publishedAt === null ? 'primary' : 'secondary'}
                                  disabled={publish.isPending}
                                  aria-label={`${g.publishedAt === null ? 'Publish' : 'Unpublish'} ${g.title}`}
                                  onClick={() => setPublished(g, g.publishedAt === null)}
                                >
                                  {g.publishedAt === null ? 'Publish' : 'Unpublish'}
                                </Button>
                                <Button size="sm" variant="secondary" aria-label={`Preview ${g.title}`} onClick={() => setPreviewing(g)}>
                                  Preview
                                </Button>
                                <Button size="sm" variant="secondary" aria-label={`Edit ${g.title}`} onClick={() => start(g)}>
                                  Edit
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
            <GuideForm key={editing.slug} guide={editing} saving={save.isPending} errors={errors} onSubmit={submit} onCancel={close} />
          ) : (
            <GuideForm
              key={`new-${editing.section}`}
              section={editing.section}
              order={editing.order}
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
        {previewing === null ? null : <GuidePreview guide={previewing} />}
      </Dialog>
    </>
  );
}
