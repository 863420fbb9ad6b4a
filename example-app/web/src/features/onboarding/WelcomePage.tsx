// /welcome, onboarding steps 10 to 13 of the brand's catalogue (brand.onboarding.steps): the
// monthly target (saved with setGoal), what members say, the plans compared, and the start: the
// first plan's free trial with the date it ends (the sdk's trialEnd) and, on a brand that offers
// them, the alternatives from the catalogue. The step is kept in ?step= (the catalogue's number, so
// Back and reload work); what the member reads counts the onboarding's own steps: "Step 1 of 4".
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { matchkitQueryKey, useBrand, useMatchkit, useMatchkitMutation, useMatchkitQuery, useNow } from '@matchkit/react';
import { termPrice, trialEnd } from '@matchkit/sdk/billing';
import { MeQuery } from '@matchkit/sdk/transport';
import { paths } from '../../app/paths';
import { formatPence } from '../../components/money';
import { Page } from '../../components/Page';
import { ErrorMessage } from '../../components/Status';
import { Button, ButtonLink, Card } from '../../components/ui';
import { PlanComparison, Testimonials, formatLondonDate, isoOf } from '../plans';
import { useSession } from '../session';
import { MyGoalQuery, SetGoalMutation } from './api/setGoal';

export function WelcomePage() {
  const brand = useBrand();
  const steps = brand.onboarding.steps;
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('step'));
  const index = Math.max(
    0,
    steps.findIndex((s) => s.step === requested),
  );
  const step = steps[index];
  const heading = useRef<HTMLHeadingElement>(null);
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [index, moved]);
  if (step === undefined) return <Page title={`Welcome to ${brand.displayName}`} />;
  const go = (to: number) => {
    const target = steps[to];
    if (target === undefined) return;
    setMoved(true);
    setParams({ step: String(target.step) });
  };
  const back = index > 0 ? () => go(index - 1) : undefined;
  const next = () => go(index + 1);
  return (
    <Page title={`Welcome to ${brand.displayName}`} lead="A few steps to set up your membership. You can change any of it later.">
      <nav aria-label="Onboarding steps">
        <ol className="m-0 flex list-none flex-wrap gap-2 p-0 text-muted">
          {steps.map((s, i) => (
            <li
              key={s.id}
              aria-current={i === index ? 'step' : undefined}
              className="rounded-control border border-border px-3 py-1 aria-[current=step]:border-accent aria-[current=step]:font-bold aria-[current=step]:text-text"
            >
              <span className="tabular-nums">{i + 1}.</span> {s.title}
            </li>
          ))}
        </ol>
      </nav>
      <Card as="section" className="mt-6" aria-labelledby="onboarding-step-heading">
        <p className="m-0 text-sm font-semibold text-muted">
          Step {index + 1} of {steps.length}
        </p>
        <h2 id="onboarding-step-heading" ref={heading} tabIndex={-1} className="mt-1 text-2xl font-bold">
          {step.title}
        </h2>
        {step.id === 'goal' ? (
          <GoalStep onDone={next} />
        ) : (
          <>
            {step.id === 'testimonials' ? <Testimonials headingLevel={3} /> : null}
            {step.id === 'plans' ? <PlanComparison /> : null}
            {index === steps.length - 1 ? <StartStep /> : null}
            <StepButtons back={back} next={index < steps.length - 1 ? next : undefined} />
          </>
        )}
        {step.id === 'goal' && back !== undefined ? <StepButtons back={back} /> : null}
      </Card>
    </Page>
  );
}

function StepButtons({ back, next }: { readonly back?: (() => void) | undefined; readonly next?: (() => void) | undefined }) {
  return (
    <p className="mt-4 flex flex-wrap gap-2">
      {back === undefined ? null : (
        <Button variant="secondary" onClick={back}>
          Back
        </Button>
      )}
      {next === undefined ? null : <Button onClick={next}>Next</Button>}
    </p>
  );
}

function GoalStep({ onDone }: { readonly onDone: () => void }) {
  const brand = useBrand();
  const { user } = useSession();
  const { queryClient } = useMatchkit();
  const signedIn = user !== null && user !== undefined;
  const saved = useMatchkitQuery(MyGoalQuery, {}, { enabled: signedIn });
  const [picked, setPicked] = useState<string | null>(null);
  const goal = picked ?? saved.data?.data.me?.goal ?? null;
  const mutation = useMatchkitMutation(SetGoalMutation);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const name = useId();
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (goal === null) {
      setMissing(true);
      return;
    }
    if (!signedIn) {
      onDone();
      return;
    }
    mutation.mutate(
      { goal },
      {
        onSuccess: ({ data }) => {
          if (data.setGoal.ok) {
            void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MyGoalQuery) });
            void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MeQuery) });
            onDone();
          } else setRefusal(data.setGoal.error?.message ?? 'Your target could not be saved. Please try again.');
        },
      },
    );
  };
  const problem = missing && goal === null ? 'Choose one of the targets to continue.' : refusal;
  return (
    <form onSubmit={submit} noValidate>
      <fieldset
        className="m-0 flex flex-col gap-2 rounded-control border border-border p-4"
        aria-describedby={problem === null ? undefined : errorId}
      >
        <legend className="px-1 font-semibold">Which monthly target would you like to work towards?</legend>
        {brand.onboarding.goals.map((g) => (
          <label
            key={g.id}
            className="flex cursor-pointer items-center gap-2 rounded-control border border-border px-3 py-2 has-[:checked]:border-accent has-[:checked]:font-semibold"
          >
            <input type="radio" name={name} value={g.id} checked={goal === g.id} onChange={() => setPicked(g.id)} /> A target of {g.label}
          </label>
        ))}
      </fieldset>
      {problem === null ? null : (
        <p className="m-0 text-sm text-danger" id={errorId} role="alert">
          {problem}
        </p>
      )}
      <p className="m-0 text-sm text-muted">
        A target is something to aim for, not a promise: what you make depends on the offers available, the time you give it and your
        stakes, and some months will be lower. Only ever use money you can afford to lose.
      </p>
      {!signedIn && user === null ? (
        <p className="m-0 text-sm text-muted">
          <Link to={`${paths.register}?next=${encodeURIComponent(paths.onboarding)}`}>Create an account</Link> to save your target.
        </p>
      ) : null}
      {mutation.status === 'error' ? <ErrorMessage error={mutation.error} /> : null}
      <p className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Save and continue'}
        </Button>
      </p>
    </form>
  );
}

function StartStep() {
  const brand = useBrand();
  const first = brand.plans[0];
  const days = brand.onboarding.trialDays;
  const ends = trialEnd(brand, useNow(60_000));
  return (
    <div className="flex flex-col gap-3">
      {first === undefined ? null : (
        <>
          <p>
            Start {first.label} with a {days}-day free trial. Your trial ends on day {days},{' '}
            <time dateTime={isoOf(ends)}>{formatLondonDate(ends)}</time>; then your first paid month costs{' '}
            {formatPence(termPrice(brand, first.name, { term: 'month', at: ends, first: true }))}, unless you cancel before then from your
            account.
          </p>
          <p className="m-0 flex flex-wrap gap-2">
            <ButtonLink to={paths.subscribe(first.name)}>Start my free trial of {first.label}</ButtonLink>
          </p>
        </>
      )}
      {brand.onboarding.alternatives.length === 0 ? (
        <p>
          <Link to={paths.pro}>See every plan and price</Link>
        </p>
      ) : (
        <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
          {brand.onboarding.alternatives.map((a) => (
            <li key={a.href}>
              <ButtonLink variant="secondary" to={a.href}>
                {a.label}
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
