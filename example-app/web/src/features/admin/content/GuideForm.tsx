// The form of a guide in the console: new (every field) or an edit (its slug fixed): title,
// section, summary, text and reading order, saved as a draft or published. The server's
// BAD_INPUT message names each bad field (`input.title: must ...`), shown next to that field.
import { useId, useRef, useState, type FormEvent } from 'react';
import { CONTROL } from '../../../components/Field';
import { Button, ErrorState, Field, SelectField } from '../../../components/ui';
import { cx } from '../../../components/ui/cx';
import { GUIDE_SECTIONS } from '../../guides';
import type { GqlAdminGuide, GqlGuideInput } from '../generated/operations';

export type GuideFieldName = 'slug' | 'title' | 'section' | 'summary' | 'body' | 'order';

/** The server's BAD_INPUT message split by field; the rest under `form`. */
export function guideFieldErrors(message: string): Partial<Record<GuideFieldName | 'form', string>> {
  const out: Partial<Record<GuideFieldName | 'form', string>> = {};
  for (const part of message.split('; ')) {
    const m = /^input\.(\w+): (.*)$/.exec(part);
    const key = (m?.[1] ?? 'form') as GuideFieldName | 'form';
    const text = m === null ? part : `This field ${m[2]}.`;
    out[key] = out[key] === undefined ? text : `${out[key]} ${text}`;
  }
  return out;
}

export interface GuideFormProps {
  /** The guide being edited, or undefined for a new one. */
  readonly guide?: GqlAdminGuide | undefined;
  /** A new guide's section and order (the end of the section). */
  readonly section?: string;
  readonly order?: number;
  readonly saving: boolean;
  readonly errors: Partial<Record<GuideFieldName | 'form', string>>;
  readonly onSubmit: (input: GqlGuideInput) => void;
  readonly onCancel: () => void;
}

export function GuideForm({ guide, section, order, saving, errors, onSubmit, onCancel }: GuideFormProps) {
  const bodyId = useId();
  const [v, setV] = useState({
    slug: guide?.slug ?? '',
    title: guide?.title ?? '',
    section: guide?.section ?? section ?? GUIDE_SECTIONS[0]?.section ?? 'guides',
    summary: guide?.summary ?? '',
    body: guide?.body ?? '',
    order: String(guide?.order ?? order ?? 0),
  });
  const [orderError, setOrderError] = useState<string | undefined>(undefined);
  // Which button submitted (Enter in a field clicks the first, the draft).
  const asDraft = useRef(false);
  const set = (name: keyof typeof v) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setV((old) => ({ ...old, [name]: value }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(v.order.trim());
    if (v.order.trim() === '' || !Number.isInteger(n) || n < 0) {
      setOrderError('Enter a whole number, 0 or more.');
      return;
    }
    setOrderError(undefined);
    onSubmit({
      slug: v.slug.trim(),
      title: v.title.trim(),
      section: v.section,
      summary: v.summary.trim(),
      body: v.body.trim(),
      order: n,
      draft: asDraft.current,
    });
    asDraft.current = false;
  };
  return (
    <form onSubmit={submit} noValidate aria-label={guide === undefined ? 'New guide' : `Edit ${guide.title}`}>
      <Field
        label="Slug"
        hint="Its address: lower-case words joined by dashes (lay-betting)."
        value={v.slug}
        onChange={set('slug')}
        readOnly={guide !== undefined}
        required
        error={errors.slug}
      />
      <Field label="Title" value={v.title} onChange={set('title')} required error={errors.title} />
      <SelectField label="Section" value={v.section} onChange={set('section')} error={errors.section}>
        {GUIDE_SECTIONS.map((s) => (
          <option key={s.section} value={s.section}>
            {s.title}
          </option>
        ))}
      </SelectField>
      <Field label="Summary" value={v.summary} onChange={set('summary')} required error={errors.summary} />
      <div className="mb-4 flex flex-col gap-1">
        <label htmlFor={bodyId} className="font-medium">
          Text
        </label>
        <p id={`${bodyId}-hint`} className="m-0 text-sm text-muted">
          Paragraphs separated by a blank line.
        </p>
        <textarea
          id={bodyId}
          rows={8}
          value={v.body}
          onChange={set('body')}
          required
          aria-describedby={`${bodyId}-hint${errors.body === undefined ? '' : ` ${bodyId}-error`}`}
          aria-invalid={errors.body === undefined ? undefined : true}
          className={cx(CONTROL, 'resize-y')}
        />
        {errors.body === undefined ? null : (
          <p id={`${bodyId}-error`} className="m-0 text-sm text-danger">
            {errors.body}
          </p>
        )}
      </div>
      <Field
        label="Reading order"
        hint="Its place in the section, from 0 (the training's tutorials are read in this order)."
        inputMode="numeric"
        value={v.order}
        onChange={set('order')}
        required
        error={orderError ?? errors.order}
      />
      {errors.form === undefined ? null : <ErrorState className="mb-3" message={errors.form} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="secondary" disabled={saving} onClick={() => (asDraft.current = true)}>
          Save as draft
        </Button>
        <Button type="submit" disabled={saving} onClick={() => (asDraft.current = false)}>
          {saving ? 'Saving…' : 'Save and publish'}
        </Button>
      </div>
    </form>
  );
}
