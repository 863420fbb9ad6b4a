// The member's monthly target, shown and changed in the tracker (not only at onboarding): one of
// the brand's onboarding goals, saved with the server's setGoal. The charts read the same
// TrackerGoalQuery, so they compare the month with the new target once it is saved.
import { useState, type FormEvent } from 'react';
import { matchkitQueryKey, useBrand, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { describeError } from '../../components/errors';
import { Button, cx, SelectField } from '../../components/ui';
import { SetTrackerGoalMutation, TrackerGoalQuery } from './api/tracker';

export function MonthlyTarget() {
  const brand = useBrand();
  const { queryClient } = useMatchkit();
  const current = useMatchkitQuery(TrackerGoalQuery, {});
  const saved = current.data?.data.me?.goal ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<{ readonly error: boolean; readonly text: string } | null>(null);
  const labelOf = (id: string) => brand.onboarding.goals.find((g) => g.id === id)?.label ?? id;
  const save = useMatchkitMutation(SetTrackerGoalMutation, {
    onSuccess: (result) => {
      const r = result.data?.setGoal;
      if (r === undefined || !r.ok) {
        setMessage({ error: true, text: r?.error?.message ?? 'The target was not saved. Try again.' });
        return;
      }
      setChosen(null);
      setMessage({ error: false, text: `Your monthly target is now ${labelOf(r.user?.goal ?? '')}.` });
      void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(TrackerGoalQuery) });
    },
    onError: (e) => setMessage({ error: true, text: describeError(e) }),
  });
  const value = chosen ?? saved ?? '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value === '') {
      setMessage({ error: true, text: 'Choose a target first.' });
      return;
    }
    save.mutate({ goal: value });
  };
  return (
    <form id="monthly-target" className="my-6 flex flex-wrap items-end gap-x-2" aria-label="Monthly target" onSubmit={submit} noValidate>
      <SelectField
        label="Monthly target"
        value={value}
        onChange={(e) => {
          setChosen(e.target.value);
          setMessage(null);
        }}
      >
        {saved === null ? <option value="">Choose a target</option> : null}
        {brand.onboarding.goals.map((g) => (
          <option key={g.id} value={g.id}>
            {g.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" className="mb-4" disabled={save.isPending || current.isPending}>
        {save.isPending ? 'Saving…' : 'Save target'}
      </Button>
      {message === null ? null : (
        <p className={cx('m-0 basis-full text-sm', message.error ? 'text-danger' : 'text-muted')} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
