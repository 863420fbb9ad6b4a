// "Password" on the account page: a new password with the current one. Every other device is
// signed out; this one stays signed in (the server sends it a fresh session).
import { useId, useRef, useState } from 'react';
import { validatePasswordChange } from '@matchkit/sdk/accounts';
import { Field } from '../../../components/Field';
import { Button, Card } from '../../../components/ui';
import { FormAlert, NewPasswordHint, type PasswordDetails } from '../../accounts';
import { ChangePasswordMutation } from '../api/settings';
import { SETTINGS_H2, SETTINGS_SECTION } from './layout';
import { CurrentPasswordField } from './CurrentPasswordField';
import { useSettingsForm } from './useSettingsForm';

/** @param user The member's details, which the strength estimate counts as known to an attacker. */
export function PasswordSection({ user }: { readonly user: PasswordDetails }) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const form = useSettingsForm({
    formRef,
    document: ChangePasswordMutation,
    field: 'changePassword',
    fields: ['input.currentPassword', 'input.newPassword'],
    check: () => validatePasswordChange({ currentPassword, newPassword }),
    done: 'Your password has been changed. Any other device you used is now signed out.',
    onOk: () => {
      setCurrentPassword('');
      setNewPassword('');
    },
  });
  return (
    <Card as="section" className={SETTINGS_SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={SETTINGS_H2}>
        Password
      </h2>
      <form ref={formRef} noValidate onSubmit={form.submit} aria-label="Change your password">
        <FormAlert message={form.errors.form} />
        <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} error={form.errors.fields['input.currentPassword']} />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={<NewPasswordHint password={newPassword} details={user} note="Other devices will be signed out." />}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          error={form.errors.fields['input.newPassword']}
        />
        <Button type="submit" variant="secondary" disabled={form.pending}>
          {form.pending ? 'Saving…' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
