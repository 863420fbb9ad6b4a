// "Tell me when…": the button of the oddsmatcher and of the finders alerts watch (the price boost
// tracker) that saves an odds alert on that tool. It opens a dialog with the
// alert's fields, prefilled from the page's filters; what the sdk's parser refuses is said on its
// field before anything is sent, and what the server refuses (a plan without the tool, too many
// alerts) on its field or above the buttons. Without push on this device the dialog says so, with
// the way to turn it on: the alert is still saved and its matches listed on Your alerts.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BellPlus } from 'lucide-react';
import { isMoneyAlertTool, type AlertTool } from '@matchkit/app-contract';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, usePushState } from '@matchkit/react';
import type { PushManager } from '@matchkit/sdk/push';
import { MyOddsAlertsQuery, SaveOddsAlertMutation } from '@matchkit/sdk/transport';
import { Button, ButtonLink, Field, SelectField } from '../../components/ui';
import { Dialog } from '../../components/ui/Dialog';
import { describeError } from '../../components/errors';
import { useNotify } from '../notifications';
import { accountLabel, sportLabel } from '../../copy/names';
import { paths } from '../../app/paths';
import { commissionsText, fieldOf, figureName, readAlertDraft, type AlertDraft, type AlertField } from './rule';

export interface AlertButtonProps {
  /** The tool the alert watches: the page's. */
  readonly tool: AlertTool;
  /** The fields as the page's filters fill them ({@link draftFromFilters}). */
  readonly prefill: AlertDraft;
  /** The bookmaker and sport keys to choose from (the page's feed's). */
  readonly bookmakers: readonly string[];
  readonly sports: readonly string[];
  /** The member's own commission per exchange the page rates at (the oddsmatcher's); absent: the feed's. */
  readonly commissions?: Readonly<Record<string, number>> | undefined;
}

/** The "Tell me when…" button and its dialog. */
export function AlertButton(props: AlertButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" icon={BellPlus} onClick={() => setOpen(true)}>
        Tell me when…
      </Button>
      <Dialog isOpen={open} onOpenChange={setOpen} title="Tell me when a match appears">
        {(close) => <AlertForm {...props} onSaved={close} />}
      </Dialog>
    </>
  );
}

/** The dialog's form (rendered only while it is open, so it starts from the page's filters each time). */
export function AlertForm({
  tool,
  prefill,
  bookmakers,
  sports,
  commissions = {},
  onSaved,
}: AlertButtonProps & { readonly onSaved: () => void }) {
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const [draft, setDraft] = useState<AlertDraft>(prefill);
  const [errors, setErrors] = useState<ReadonlyMap<AlertField, string>>(new Map());
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMatchkitMutation(SaveOddsAlertMutation);

  const set = (field: AlertField) => (e: { readonly target: { readonly value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const read = readAlertDraft(draft, tool, commissions);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors(new Map());
    try {
      const { data } = await save.mutateAsync({ input: read.input });
      const result = data?.saveOddsAlert;
      if (result?.ok === true) {
        void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MyOddsAlertsQuery) });
        notify('success', `Alert “${read.input.name}” saved.`);
        onSaved();
        return;
      }
      const message = result?.error?.message ?? 'We could not save the alert. Please try again.';
      const field = fieldOf(result?.error?.field);
      if (field === null) setFormError(message);
      else setErrors(new Map([[field, message]]));
    } catch (error) {
      setFormError(describeError(error));
    }
  }

  // Only the keys offered, plus the prefilled one if the feed has not listed it (yet).
  const options = (keys: readonly string[], chosen: string) => (chosen === '' || keys.includes(chosen) ? keys : [chosen, ...keys]);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="New odds alert">
      <p className="mt-0 text-sm text-muted">
        We check the live prices for you and list every match that passes on Your alerts, once per match.
      </p>
      <PushLine />
      {Object.keys(commissions).length === 0 ? null : (
        <p className="text-sm">
          Rated at your own commission:{' '}
          {commissionsText(Object.entries(commissions).map(([exchange, commission]) => ({ exchange, commission })))}.
        </p>
      )}
      <Field label="Alert name" value={draft.name} maxLength={80} error={errors.get('name')} onChange={set('name')} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {isMoneyAlertTool(tool) ? (
          <>
            <Field
              label={`${figureName(tool)} at least (£, minus for a loss)`}
              inputMode="decimal"
              value={draft.minProfit}
              error={errors.get('minProfit')}
              onChange={set('minProfit')}
            />
            <Field label="Stake per part (£)" inputMode="decimal" value={draft.stake} error={errors.get('stake')} onChange={set('stake')} />
          </>
        ) : (
          <Field
            label="Lowest rating (%)"
            inputMode="decimal"
            value={draft.minRating}
            error={errors.get('minRating')}
            onChange={set('minRating')}
          />
        )}
        <SelectField label="Bookmaker (optional)" value={draft.bookmaker} error={errors.get('bookmaker')} onChange={set('bookmaker')}>
          <option value="">Any bookmaker</option>
          {options(bookmakers, draft.bookmaker).map((b) => (
            <option key={b} value={b}>
              {accountLabel(b)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Sport (optional)" value={draft.sport} error={errors.get('sport')} onChange={set('sport')}>
          <option value="">Any sport</option>
          {options(sports, draft.sport).map((s) => (
            <option key={s} value={s}>
              {sportLabel(s)}
            </option>
          ))}
        </SelectField>
        <Field
          label="Starting within (hours, optional)"
          inputMode="numeric"
          value={draft.withinHours}
          error={errors.get('withinHours')}
          onChange={set('withinHours')}
        />
        <Field
          label="At least this much to lay (£, optional)"
          inputMode="decimal"
          value={draft.minLiquidity}
          error={errors.get('minLiquidity')}
          onChange={set('minLiquidity')}
        />
      </div>
      {formError === null ? null : (
        <p className="m-0 mb-2 text-sm text-danger" role="alert">
          {formError}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
        <ButtonLink variant="ghost" to={paths.alerts}>
          Your alerts
        </ButtonLink>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save alert'}
        </Button>
      </div>
    </form>
  );
}

/** Whether this device will be told: push on, or the way to turn it on. */
function PushLine() {
  const { push } = useMatchkit();
  return push === undefined ? <PushOff /> : <PushState manager={push} />;
}

function PushState({ manager }: { readonly manager: PushManager }) {
  const status = usePushState(manager).status;
  if (status === 'subscribed')
    return <p className="text-sm">Notifications are on in this browser: we will tell you here when a match appears.</p>;
  if (status === 'unknown') return null;
  return <PushOff />;
}

function PushOff() {
  return (
    <p className="rounded-control border border-warning px-3 py-2 text-sm" role="note">
      Notifications are off in this browser, so we cannot tell you here when a match appears: you will find the matches on Your alerts.{' '}
      <Link to={paths.settings}>Turn on notifications in settings</Link>.
    </p>
  );
}
