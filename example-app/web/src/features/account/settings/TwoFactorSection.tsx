// "Two-step sign-in" on the account page: set it up with an authenticator app (the server makes the
// key; the page shows it as a QR code and as groups of four characters to type), confirm with a
// current code and the password, then keep the 10 recovery codes shown once (copy or download);
// once on, the member can get new recovery codes (the password and a code from the app) or turn it
// off (the password and a code). Each success is announced as one short sentence through the
// page's notifications, never by reading out the codes.
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { readCurrentPassword } from '@matchkit/sdk/accounts';
import { describeError } from '../../../components/errors';
import { Field } from '../../../components/Field';
import { QueryState } from '../../../components/Status';
import { Button, buttonClass, Card } from '../../../components/ui';
import { FormAlert, useFormErrors } from '../../accounts';
import { useNotify } from '../../notifications';
import type { MutationError } from '../../../components/errors';
import {
  ConfirmTwoFactorMutation,
  DisableTwoFactorMutation,
  NewRecoveryCodesMutation,
  StartTwoFactorSetupMutation,
  TwoFactorQuery,
} from '../api/two-factor';
import { CurrentPasswordField } from './CurrentPasswordField';
import { SETTINGS_H2, SETTINGS_SECTION } from './layout';
import { QrCode } from './QrCode';

/** A base32 key in groups of four, as it is easiest to type. */
export function keyInGroups(key: string): string {
  return (key.match(/.{1,4}/g) ?? []).join(' ');
}

const TURNED_ON = 'Two-step sign-in is on. Your other devices were signed out.';
const NEW_CODES = 'You have new recovery codes. The old ones no longer work.';

/** Recovery codes to show once, with the sentence that says why. */
interface ShownCodes {
  readonly heading: string;
  readonly codes: readonly string[];
}

export function TwoFactorSection() {
  const headingId = useId();
  const query = useMatchkitQuery(TwoFactorQuery);
  const [codes, setCodes] = useState<ShownCodes | null>(null);
  return (
    <Card as="section" className={SETTINGS_SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={SETTINGS_H2}>
        Two-step sign-in
      </h2>
      {codes !== null ? (
        <RecoveryCodes heading={codes.heading} codes={codes.codes} onDone={() => setCodes(null)} />
      ) : (
        <QueryState query={query} loadingLabel="Loading your sign-in settings…">
          {({ data }) =>
            data.twoFactor?.enabled === true ? (
              <>
                <p className="mt-0 max-w-reading">
                  Two-step sign-in is on: signing in asks for a code from your authenticator app. You have{' '}
                  {data.twoFactor.recoveryCodesLeft} {data.twoFactor.recoveryCodesLeft === 1 ? 'recovery code' : 'recovery codes'} left.
                </p>
                <NewCodes onCodes={(c) => setCodes({ heading: NEW_CODES, codes: c })} />
                <TurnOff />
              </>
            ) : (
              <SetUp onOn={(c) => setCodes({ heading: TURNED_ON, codes: c })} />
            )
          }
        </QueryState>
      )}
    </Card>
  );
}

function useRefreshStatus() {
  const { queryClient } = useMatchkit();
  return () => void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(TwoFactorQuery) });
}

/** What a mutation that answers with recovery codes answers. */
interface CodesOutcome {
  readonly ok: boolean;
  readonly error: MutationError | null;
  readonly recoveryCodes: readonly string[] | null;
}

/**
 * A form of the password and a current code from the app that answers with recovery codes
 * (turning two-step sign-in on, new codes): checked in the browser first, each refusal next to
 * its field; on success `announce` goes to the page's notifications and the codes to `onCodes`.
 */
function useAppCodeForm<R>(options: {
  /** The form (after errors are shown, focus moves to its first invalid field). */
  readonly formRef: RefObject<HTMLFormElement | null>;
  readonly document: TypedDocumentString<R, { readonly input: { readonly currentPassword: string; readonly code: string } }>;
  readonly outcome: (data: R) => CodesOutcome;
  readonly announce: string;
  readonly onCodes: (codes: readonly string[]) => void;
}) {
  const mutation = useMatchkitMutation(options.document);
  const refresh = useRefreshStatus();
  const notify = useNotify();
  const errors = useFormErrors(options.formRef);
  const [code, setCode] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const password = readCurrentPassword(currentPassword);
    const problems = [
      ...(/^\d{6}$/.test(code.replace(/\s/g, ''))
        ? []
        : [{ field: 'input.code', message: 'Enter the 6-digit code your authenticator app shows.' }]),
      ...(password.ok ? [] : [{ field: 'input.currentPassword', message: password.message }]),
    ];
    if (problems.length > 0) {
      errors.showProblems(problems);
      return;
    }
    errors.clear();
    mutation.mutate(
      { input: { currentPassword, code: code.replace(/\s/g, '') } },
      {
        onSuccess: ({ data }) => {
          const r = options.outcome(data);
          if (r.ok && r.recoveryCodes !== null) {
            notify('success', options.announce);
            options.onCodes(r.recoveryCodes);
            refresh();
          } else errors.showPayloadError(r.error ?? UNKNOWN_REFUSAL, ['input.code', 'input.currentPassword']);
        },
        onError: (error) => errors.showFormError(describeError(error)),
      },
    );
  };
  return { errors, submit, pending: mutation.isPending, code, setCode, currentPassword, setCurrentPassword };
}

/** The fields of {@link useAppCodeForm}'s form, each with its error, and the form's own error above. */
function AppCodeFields({ form }: { readonly form: ReturnType<typeof useAppCodeForm> }) {
  return (
    <>
      <FormAlert message={form.errors.form} />
      <Field
        label="Code from your app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={form.code}
        onChange={(e) => form.setCode(e.target.value)}
        error={form.errors.fields['input.code']}
      />
      <CurrentPasswordField
        value={form.currentPassword}
        onChange={form.setCurrentPassword}
        error={form.errors.fields['input.currentPassword']}
      />
    </>
  );
}

const UNKNOWN_REFUSAL: MutationError = { code: 'INTERNAL', message: 'That did not work. Please try again.', field: null };

function SetUp({ onOn }: { readonly onOn: (codes: readonly string[]) => void }) {
  const start = useMatchkitMutation(StartTwoFactorSetupMutation);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppCodeForm({
    formRef,
    document: ConfirmTwoFactorMutation,
    outcome: (d) => d.confirmTwoFactor,
    announce: TURNED_ON,
    onCodes: onOn,
  });
  const { errors } = form;
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);

  const begin = () =>
    start.mutate(
      {},
      {
        onSuccess: ({ data }) => {
          const r = data.startTwoFactorSetup;
          if (r.ok && r.secret !== null && r.uri !== null) setSetup({ secret: r.secret, uri: r.uri });
          else errors.showFormError(r.error?.message ?? 'That did not work. Please try again.');
        },
        onError: (error) => errors.showFormError(describeError(error)),
      },
    );

  if (setup === null) {
    return (
      <>
        <FormAlert message={errors.form} />
        <p className="mt-0 max-w-reading">
          Two-step sign-in is off. With it on, signing in also asks for a code from an authenticator app on your phone, so your password
          alone is not enough.
        </p>
        <Button type="button" onClick={begin} disabled={start.isPending}>
          {start.isPending ? 'Starting…' : 'Set up two-step sign-in'}
        </Button>
      </>
    );
  }
  return (
    <form ref={formRef} noValidate onSubmit={form.submit} aria-label="Set up two-step sign-in">
      <ol className="mt-0 max-w-reading pl-5">
        <li className="mb-3">
          Scan this QR code with your authenticator app, or type the key below into it.
          <div className="my-3">
            <QrCode text={setup.uri} label="QR code of your two-step sign-in key" />
          </div>
          <p className="m-0">
            Key: <code className="font-figures text-lg tracking-wide">{keyInGroups(setup.secret)}</code>
          </p>
        </li>
        <li>Enter the 6-digit code the app shows for this account, and your password.</li>
      </ol>
      <AppCodeFields form={form} />
      <Button type="submit" disabled={form.pending}>
        {form.pending ? 'Checking…' : 'Turn on two-step sign-in'}
      </Button>
    </form>
  );
}

function RecoveryCodes({ heading, codes, onDone }: ShownCodes & { readonly onDone: () => void }) {
  const notify = useNotify();
  const text = `Recovery codes for two-step sign-in. Each works once, instead of a code from your app.\n\n${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  const copy = () =>
    void navigator.clipboard.writeText(text).then(
      () => notify('success', 'Your recovery codes have been copied.'),
      () => notify('error', 'Your browser did not let us copy. Download the codes instead.'),
    );
  return (
    <div>
      <p className="mt-0 max-w-reading font-medium">{heading}</p>
      <p className="max-w-reading">
        Save these recovery codes somewhere safe. If you lose your phone, each one signs you in once instead of a code. They are shown only
        now.
      </p>
      <ul aria-label="Your recovery codes" className="grid max-w-md grid-cols-2 gap-1 pl-0 font-figures text-lg">
        {codes.map((c) => (
          <li key={c} className="list-none">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={copy}>
          Copy codes
        </Button>
        <a className={buttonClass({ variant: 'secondary' })} href={download} download="recovery-codes.txt">
          Download codes
        </a>
        <Button type="button" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </div>
  );
}

function NewCodes({ onCodes }: { readonly onCodes: (codes: readonly string[]) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppCodeForm({
    formRef,
    document: NewRecoveryCodesMutation,
    outcome: (d) => d.newRecoveryCodes,
    announce: NEW_CODES,
    onCodes,
  });
  return (
    <form ref={formRef} noValidate onSubmit={form.submit} aria-label="Get new recovery codes" className="mb-6">
      <p className="mt-0 max-w-reading">
        Lost your recovery codes, or used most of them? Get 10 new ones with a code from your app. The old ones then stop working.
      </p>
      <AppCodeFields form={form} />
      <Button type="submit" variant="secondary" disabled={form.pending}>
        {form.pending ? 'Checking…' : 'Get new recovery codes'}
      </Button>
    </form>
  );
}

function TurnOff() {
  const disable = useMatchkitMutation(DisableTwoFactorMutation);
  const refresh = useRefreshStatus();
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disable.isPending) return;
    const problems = [
      ...(password === '' ? [{ field: 'input.password', message: 'Enter your password.' }] : []),
      ...(code.trim() === '' ? [{ field: 'input.code', message: 'Enter a code from your app, or a recovery code.' }] : []),
    ];
    if (problems.length > 0) {
      errors.showProblems(problems);
      return;
    }
    errors.clear();
    disable.mutate(
      { input: { password, code: code.trim() } },
      {
        onSuccess: ({ data }) => {
          const r = data.disableTwoFactor;
          if (r.ok) {
            notify('success', 'Two-step sign-in is off.');
            refresh();
          } else if (r.error !== null) errors.showPayloadError(r.error, ['input.password', 'input.code']);
        },
        onError: (error) => errors.showFormError(describeError(error)),
      },
    );
  };
  return (
    <>
      <form ref={formRef} noValidate onSubmit={submit} aria-label="Turn off two-step sign-in">
        <FormAlert message={errors.form} />
        <Field
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.fields['input.password']}
        />
        <Field
          label="Code from your app, or a recovery code"
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.fields['input.code']}
        />
        <Button type="submit" variant="secondary" disabled={disable.isPending}>
          {disable.isPending ? 'Turning off…' : 'Turn off two-step sign-in'}
        </Button>
      </form>
    </>
  );
}
