// "Close your account" on the account page: the current password, the authenticator code when
// two-step sign-in is on, and the typed phrase; a dialog asks once more. Closing cancels the plan
// (nothing more is charged), erases the member's details at once and signs them out everywhere.
import { useId, useRef, useState } from 'react';
import { useMatchkit } from '@matchkit/react';
import { CLOSE_ACCOUNT_PHRASE, validateAccountClosure, type AccountClosureForm } from '@matchkit/sdk/accounts';
import { paths } from '../../../app/paths';
import { Field } from '../../../components/Field';
import { Dialog } from '../../../components/ui/Dialog';
import { Button, Card } from '../../../components/ui';
import { FormAlert } from '../../accounts';
import { forgetMemberData } from '../../session';
import { CloseAccountMutation } from '../api/settings';
import { SETTINGS_H2, SETTINGS_SECTION } from './layout';
import { CurrentPasswordField } from './CurrentPasswordField';
import { useSettingsForm } from './useSettingsForm';

export function CloseSection() {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { queryClient } = useMatchkit();
  const [currentPassword, setCurrentPassword] = useState('');
  const [code, setCode] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [asking, setAsking] = useState<(AccountClosureForm & { readonly code: string | null }) | null>(null);
  const form = useSettingsForm({
    formRef,
    document: CloseAccountMutation,
    field: 'closeAccount',
    fields: ['input.currentPassword', 'input.code', 'input.confirmation'],
    check: () => {
      const checked = validateAccountClosure({ currentPassword, confirmation });
      return checked.ok ? { ok: true, value: { ...checked.value, code: code.trim() === '' ? null : code.trim() } } : checked;
    },
    done: 'Your account is closed.',
    confirm: setAsking,
    onOk: () => {
      setAsking(null);
      // A fresh load of the home page: nothing of the member stays in this tab's memory, and the
      // members-only page does not first send the signed-out visitor to sign in.
      void forgetMemberData(queryClient);
      window.location.replace(paths.home);
    },
  });
  return (
    <Card as="section" className={SETTINGS_SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={SETTINGS_H2}>
        Close your account
      </h2>
      <p className="mt-0 max-w-reading">
        Closing your account cancels your subscription (nothing more is charged, and the rest of a paid term is not refunded) and erases
        your details, profit tracker and settings at once. We keep records of your payments, receipts, refunds and referral commission,
        without your name or email address, for six years, as UK accounting rules require. You can join again later with the same email
        address. Download your data first if you want a copy.
      </p>
      <form ref={formRef} noValidate onSubmit={form.submit} aria-label="Close your account">
        <FormAlert message={form.errors.form} />
        <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} error={form.errors.fields['input.currentPassword']} />
        <Field
          label="Code from your authenticator app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          hint="Only if you use two-step sign-in."
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={form.errors.fields['input.code']}
        />
        <Field
          label={`Type \u201c${CLOSE_ACCOUNT_PHRASE}\u201d to confirm`}
          name="confirmation"
          autoComplete="off"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={form.errors.fields['input.confirmation']}
        />
        <Button type="submit" variant="danger" disabled={form.pending}>
          Close my account
        </Button>
      </form>
      <Dialog
        isOpen={asking !== null}
        onOpenChange={(open) => (open ? null : setAsking(null))}
        title="Close your account for good?"
        role="alertdialog"
        size="sm"
        footer={(close) => (
          <>
            <Button variant="secondary" onClick={close}>
              Keep my account
            </Button>
            <Button variant="danger" onClick={() => (asking === null ? null : form.send(asking))} disabled={form.pending}>
              {form.pending ? 'Closing…' : 'Yes, close it'}
            </Button>
          </>
        )}
      >
        <p className="m-0">This cannot be undone. You will be signed out on every device.</p>
      </Dialog>
    </Card>
  );
}
