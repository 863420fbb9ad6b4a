// The form of an offer in the console: new (every field) or an edit (its slug, which names it, fixed),
// saved as a draft (members do not see it) or published.
// The server checks every field (content/validate.ts); its BAD_INPUT message names each bad field
// (`input.title: must ...; input.slug: ...`), shown next to that field.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useBrand } from '@matchkit/react';
import { CONTROL } from '../../../components/Field';
import { poundsText, poundsToPence } from '../../../components/money';
import { Button, ErrorState, Field, SelectField } from '../../../components/ui';
import { cx } from '../../../components/ui/cx';
import type { GqlAdminOffer, GqlOfferInput } from '../generated/operations';

export type OfferFieldName = 'slug' | 'title' | 'category' | 'bookmaker' | 'summary' | 'body' | 'expectedProfit' | 'guideUrl';

/** The server's BAD_INPUT message split by field (`input.title: must ...; input.slug: ...`); the rest under `form`. */
export function fieldErrors(message: string): Partial<Record<OfferFieldName | 'form', string>> {
  const out: Partial<Record<OfferFieldName | 'form', string>> = {};
  for (const part of message.split('; ')) {
    const m = /^input\.(\w+): (.*)$/.exec(part);
    const key = (m?.[1] ?? 'form') as OfferFieldName | 'form';
    const text = m === null ? part : `This ${m[1] === 'expectedProfit' ? 'amount' : 'field'} ${m[2]}.`;
    out[key] = out[key] === undefined ? text : `${out[key]} ${text}`;
  }
  return out;
}

export interface OfferFormProps {
  /** The offer being edited, or undefined for a new one. */
  readonly offer?: GqlAdminOffer | undefined;
  readonly saving: boolean;
  /** Errors by field from the last save. */
  readonly errors: Partial<Record<OfferFieldName | 'form', string>>;
  readonly onSubmit: (input: GqlOfferInput) => void;
  readonly onCancel: () => void;
}

export function OfferForm({ offer, saving, errors, onSubmit, onCancel }: OfferFormProps) {
  const brand = useBrand();
  const bodyId = useId();
  const [v, setV] = useState({
    slug: offer?.slug ?? '',
    title: offer?.title ?? '',
    category: offer?.category ?? brand.offerCategories[0]?.slug ?? '',
    bookmaker: offer?.bookmaker ?? '',
    summary: offer?.summary ?? '',
    body: offer?.body ?? '',
    expectedProfit: offer === undefined ? '' : poundsText(offer.expectedProfit),
    guideUrl: offer?.guideUrl ?? '',
  });
  const [profitError, setProfitError] = useState<string | undefined>(undefined);
  // Which button submitted: "Save as draft" or "Save and publish" (Enter in a field clicks the first, the draft).
  const asDraft = useRef(false);
  const set = (name: keyof typeof v) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setV((old) => ({ ...old, [name]: value }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const pence = poundsToPence(v.expectedProfit.trim());
    if (pence === null || pence < 0) {
      setProfitError('Enter an amount in pounds, such as 12.50.');
      return;
    }
    setProfitError(undefined);
    onSubmit({
      slug: v.slug.trim(),
      title: v.title.trim(),
      category: v.category,
      bookmaker: v.bookmaker.trim(),
      summary: v.summary.trim(),
      body: v.body.trim(),
      expectedProfit: pence,
      guideUrl: v.guideUrl.trim() === '' ? null : v.guideUrl.trim(),
      expiresAt: offer?.expiresAt ?? null,
      draft: asDraft.current,
    });
    asDraft.current = false;
  };
  return (
    <form onSubmit={submit} noValidate aria-label={offer === undefined ? 'New offer' : `Edit ${offer.title}`}>
      <Field
        label="Slug"
        hint="Its address: lower-case words joined by dashes (welcome-bet-10)."
        value={v.slug}
        onChange={set('slug')}
        readOnly={offer !== undefined}
        required
        error={errors.slug}
      />
      <Field label="Title" value={v.title} onChange={set('title')} required error={errors.title} />
      <SelectField label="Category" value={v.category} onChange={set('category')} error={errors.category}>
        {brand.offerCategories.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.title}
          </option>
        ))}
      </SelectField>
      <Field label="Bookmaker" value={v.bookmaker} onChange={set('bookmaker')} required error={errors.bookmaker} />
      <Field label="Summary" value={v.summary} onChange={set('summary')} required error={errors.summary} />
      <div className="mb-4 flex flex-col gap-1">
        <label htmlFor={bodyId} className="font-medium">
          Instructions
        </label>
        <p id={`${bodyId}-hint`} className="m-0 text-sm text-muted">
          Step by step, paragraphs separated by a blank line.
        </p>
        <textarea
          id={bodyId}
          rows={6}
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
        label="Typical profit (£)"
        inputMode="decimal"
        value={v.expectedProfit}
        onChange={set('expectedProfit')}
        required
        error={profitError ?? errors.expectedProfit}
      />
      <Field
        label="Guide address (optional)"
        hint="A page of this site, such as /guides/oddsmatching."
        value={v.guideUrl}
        onChange={set('guideUrl')}
        error={errors.guideUrl}
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
