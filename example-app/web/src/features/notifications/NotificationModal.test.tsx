import { act, cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import { createNotificationsStore, type NotificationsStore } from '@matchkit/sdk/notifications';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { NotificationModal } from './NotificationModal';
import { useNotify, type Notify } from './useNotify';

// The modal over the sdk's real notifications store, with fake timers for its 5 s delay.

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const transport: Pick<GraphQLClient, 'request'> = { request: () => Promise.reject(new Error('unused')) };

function setup() {
  vi.useFakeTimers();
  const store: NotificationsStore = createNotificationsStore();
  let notify: Notify = () => null;
  function Feature() {
    notify = useNotify();
    return <input aria-label="Stake" />;
  }
  render(
    <MatchkitProvider brand="primary" transport={transport} queryClient={new QueryClient()} notifications={store}>
      <Feature />
      <NotificationModal />
    </MatchkitProvider>,
  );
  return { store, notify: (...a: Parameters<Notify>) => act(() => void notify(...a)) };
}

describe('NotificationModal', () => {
  it('has both live regions in the page, empty, before anything is shown', () => {
    setup();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive');
  });

  it('puts a success in the status region and an error or a warning in the alert region, each with its own word and icon', () => {
    const { notify } = setup();
    notify('success', 'Bet saved');
    const status = screen.getByRole('status');
    expect(within(status).getByText('Success')).toBeTruthy();
    expect(within(status).getByText('Bet saved')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('');
    const tick = status.querySelector('svg')?.innerHTML;

    notify('error', 'Could not save the bet');
    expect(screen.getByRole('status').textContent).toBe('');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Error')).toBeTruthy();
    const cross = alert.querySelector('svg')?.innerHTML;

    notify('warning', 'Odds moved', 'Check the odds');
    expect(within(screen.getByRole('alert')).getByText('Check the odds')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('(Warning)')).toBeTruthy();
    const triangle = screen.getByRole('alert').querySelector('svg')?.innerHTML;
    expect(new Set([tick, cross, triangle]).size).toBe(3);
  });

  it('closes on its own after 5 seconds (the store’s delay), not before', () => {
    const { notify } = setup();
    notify('warning', 'Odds moved');
    act(() => void vi.advanceTimersByTime(4999));
    expect(screen.getByRole('alert').textContent).toContain('Odds moved');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('closes with its button, and never takes the focus', () => {
    const { notify } = setup();
    const input = screen.getByRole('textbox', { name: 'Stake' });
    input.focus();
    notify('error', 'Stake must be a number');
    expect(document.activeElement).toBe(input);
    act(() => screen.getByRole('button', { name: 'Close notification' }).click());
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Close notification' })).toBeNull();
  });
});
