import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import { createNotificationsStore } from '@matchkit/sdk/notifications';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { TwoFactorSection } from './TwoFactorSection';

// The two-step section over a fake server: what is announced when it is turned on (one short
// sentence, through the notifications store the page's status region shows; never the recovery
// codes), and the password it asks for.

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = [
  'abcde-fghij',
  'kmnpq-rstuv',
  'wxyz2-34567',
  '89abc-defgh',
  'jkmnp-qrstu',
  'vwxyz-23456',
  '789ab-cdefg',
  'hjkmn-pqrst',
  'uvwxy-z2345',
  '6789a-bcdef',
];

function setup(enabled = false) {
  const sent: { query: string; variables?: unknown }[] = [];
  const answer = (query: string): unknown => {
    if (query.includes('query TwoFactor')) return { twoFactor: { enabled, recoveryCodesLeft: enabled ? 2 : 0 } };
    if (query.includes('mutation StartTwoFactorSetup'))
      return { startTwoFactorSetup: { ok: true, error: null, secret: SECRET, uri: `otpauth://totp/app?secret=${SECRET}` } };
    if (query.includes('mutation ConfirmTwoFactor')) return { confirmTwoFactor: { ok: true, error: null, recoveryCodes: CODES } };
    if (query.includes('mutation NewRecoveryCodes')) return { newRecoveryCodes: { ok: true, error: null, recoveryCodes: CODES } };
    throw new Error(`unexpected operation: ${query}`);
  };
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((operation: { query: string; variables?: unknown }) => {
      sent.push(operation);
      return Promise.resolve({ data: answer(String(operation.query)) });
    }) as never,
  };
  const notifications = createNotificationsStore();
  render(
    <MatchkitProvider
      brand="primary"
      transport={transport}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      notifications={notifications}
    >
      <TwoFactorSection />
    </MatchkitProvider>,
  );
  return { sent, notifications };
}

async function startSetUp() {
  const section = screen.getByRole('region', { name: 'Two-step sign-in' });
  fireEvent.click(await within(section).findByRole('button', { name: 'Set up two-step sign-in' }));
  const form = await within(section).findByRole('form', { name: 'Set up two-step sign-in' });
  return { section, form };
}

describe('two-step sign-in on the account page', () => {
  it('asks for the password with the code, its error next to the field', async () => {
    const { sent } = setup();
    const { form } = await startSetUp();
    fireEvent.change(within(form).getByLabelText('Code from your app'), { target: { value: '123 456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Turn on two-step sign-in' }));
    const password = within(form).getByLabelText('Current password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const described = (password.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described.join(' ')).toContain('Enter your password.');
    expect(sent.some((o) => o.query.includes('ConfirmTwoFactor'))).toBe(false);
  });

  it('once on, announces one short sentence and never the recovery codes', async () => {
    const { sent, notifications } = setup();
    const { section, form } = await startSetUp();
    fireEvent.change(within(form).getByLabelText('Code from your app'), { target: { value: '123 456' } });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'my own password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Turn on two-step sign-in' }));
    const list = await within(section).findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(sent.find((o) => o.query.includes('ConfirmTwoFactor'))?.variables).toEqual({
      input: { currentPassword: 'my own password', code: '123456' },
    });
    for (const region of screen.queryAllByRole('status')) for (const code of CODES) expect(region.textContent).not.toContain(code);
    expect(notifications.getSnapshot()).toMatchObject({
      status: 'success',
      message: 'Two-step sign-in is on. Your other devices were signed out.',
    });
  });

  it('gets new recovery codes with a code from the app and the password, shown once and announced in one sentence', async () => {
    const { sent, notifications } = setup(true);
    const section = screen.getByRole('region', { name: 'Two-step sign-in' });
    await within(section).findByText(/You have 2 recovery codes left/);
    const form = within(section).getByRole('form', { name: 'Get new recovery codes' });
    fireEvent.click(within(form).getByRole('button', { name: 'Get new recovery codes' }));
    expect(within(form).getByLabelText('Code from your app').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(form).getByLabelText('Code from your app'), { target: { value: '654321' } });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'my own password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Get new recovery codes' }));
    const list = await within(section).findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(within(section).getByText('You have new recovery codes. The old ones no longer work.')).toBeTruthy();
    expect(sent.find((o) => o.query.includes('NewRecoveryCodes'))?.variables).toEqual({
      input: { currentPassword: 'my own password', code: '654321' },
    });
    expect(notifications.getSnapshot()?.message).toBe('You have new recovery codes. The old ones no longer work.');
    for (const region of screen.queryAllByRole('status')) for (const code of CODES) expect(region.textContent).not.toContain(code);
  });
});
