// "Your name" on the account page: the member's first and last name, checked by the sdk's name
// rules as they are on the server.
import { useId, useRef, useState } from 'react';
import { validateNameChange } from '@matchkit/sdk/accounts';
import type { GqlUser } from '@matchkit/sdk/transport';
import { Field } from '../../../components/Field';
import { Button, Card } from '../../../components/ui';
import { FormAlert } from '../../accounts';
import { ChangeNameMutation } from '../api/settings';
import { useSettingsForm } from './useSettingsForm';
import { SETTINGS_H2, SETTINGS_SECTION } from './layout';

export function NameSection({ user }: { readonly user: Pick<GqlUser, 'firstName' | 'lastName'> }) {
  const headingId = useId();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSettingsForm({
    formRef,
    document: ChangeNameMutation,
    field: 'changeName',
    fields: ['input.firstName', 'input.lastName'],
    check: () => validateNameChange({ firstName, lastName }),
    done: 'Your name has been saved.',
  });
  return (
    <Card as="section" className={SETTINGS_SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={SETTINGS_H2}>
        Your name
      </h2>
      <form ref={formRef} noValidate onSubmit={form.submit} aria-labelledby={headingId}>
        <FormAlert message={form.errors.form} />
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          error={form.errors.fields['input.firstName']}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          error={form.errors.fields['input.lastName']}
        />
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Saving…' : 'Save name'}
        </Button>
      </form>
    </Card>
  );
}
