// "Email address" on the account page: moving the account to a new address. The current password
// is asked for, a dialog confirms, and the change happens only when the member opens the link we
// mail to the new address (the old one is told).
import { useId, useRef, useState } from 'react';
import { validateEmailChange, type EmailChangeForm } from '@matchkit/sdk/accounts';
import { Field } from '../../../components/Field';
import { Dialog } from '../../../components/ui/Dialog';
import { Button, Card } from '../../../components/ui';
import { FormAlert } from '../../accounts';
import { ChangeEmailMutation } from '../api/settings';
import { SETTINGS_H2, SETTINGS_SECTION } from './layout';
import { CurrentPasswordField } from './CurrentPasswordField';
import { useSettingsForm } from './useSettingsForm';

export function EmailSection({ email }: { readonly email: string }) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [asking, setAsking] = useState<EmailChangeForm | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSettingsForm({
    formRef,
    document: ChangeEmailMutation,
    field: 'changeEmail',
    fields: ['input.newEmail', 'input.currentPassword'],
    check: () => validateEmailChange({ newEmail, currentPassword }),
    done: 'We have sent a link to your new address.',
    confirm: setAsking,
    onOk: () => {
      setSentTo(asking?.newEmail ?? null);
      setAsking(null);
      setNewEmail('');
      setCurrentPassword('');
    },
  });
  return (
    <Card as="section" className={SETTINGS_SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={SETTINGS_H2}>
        Email address
      </h2>
      <p className="mt-0">
        Your account uses <strong>{email}</strong>.
      </p>
      {sentTo === null ? null : (
        <p role="status">
          Open the link we sent to <strong>{sentTo}</strong> within an hour to finish the change. Until then, your account keeps {email}.
        </p>
      )}
      <form ref={formRef} noValidate onSubmit={form.submit} aria-label="Change your email address">
        <FormAlert message={form.errors.form} />
        <Field
          label="New email address"
          name="newEmail"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
          error={form.errors.fields['input.newEmail']}
        />
        <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} error={form.errors.fields['input.currentPassword']} />
        <Button type="submit" variant="secondary" disabled={form.pending}>
          Change email address
        </Button>
      </form>
      <Dialog
        isOpen={asking !== null}
        onOpenChange={(open) => (open ? null : setAsking(null))}
        title="Change your email address?"
        role="alertdialog"
        size="sm"
        footer={(close) => (
          <>
            <Button variant="secondary" onClick={close}>
              Keep my address
            </Button>
            <Button onClick={() => (asking === null ? null : form.send(asking))} disabled={form.pending}>
              {form.pending ? 'Sending…' : 'Send the link'}
            </Button>
          </>
        )}
      >
        <p className="m-0">
          We will send a link to <strong>{asking?.newEmail}</strong>. Your address changes only when you open it. We will also tell {email}{' '}
          that a change was asked for.
        </p>
      </Dialog>
    </Card>
  );
}
