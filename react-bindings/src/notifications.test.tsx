import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isValidationError } from '@matchkit/sdk/errors';
import { createNotificationsStore, type NotificationsStore } from '@matchkit/sdk/notifications';
import { useNotifications } from './notifications';
import { createManualTimers } from './test-utils';

// Against the real notification store; only its timer pair is injected (driven by hand).

afterEach(cleanup);

function Modal({ store }: { store: NotificationsStore }) {
  const { notification, close } = useNotifications(store);
  if (notification === null) return <p>nothing</p>;
  return (
    <div role="alertdialog" data-status={notification.status}>
      <p>{notification.message}</p>
      <button onClick={() => close(notification.id)}>Close</button>
    </div>
  );
}

describe('useNotifications over the real notification store', () => {
  it('renders what show() puts on screen and closes it after exactly 5000 ms (the spec delay)', () => {
    const timers = createManualTimers();
    const store = createNotificationsStore({ timers });
    render(<Modal store={store} />);
    expect(screen.getByText('nothing')).toBeTruthy();

    act(() => void store.show({ status: 'warning', message: 'Odds moved' }));
    expect(screen.getByRole('alertdialog').dataset.status).toBe('warning');
    expect(screen.getByText('Odds moved')).toBeTruthy();

    act(() => timers.advance(4999));
    expect(screen.queryByRole('alertdialog')).not.toBeNull();
    act(() => timers.advance(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(timers.pending()).toBe(0);
  });

  it('the close button closes by hand and cancels the timer', () => {
    const timers = createManualTimers();
    const store = createNotificationsStore({ timers });
    render(<Modal store={store} />);
    act(() => void store.show({ status: 'success', message: 'Bet saved' }));
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.getByText('nothing')).toBeTruthy();
    expect(timers.pending()).toBe(0);
  });

  it('a stale close(id) does not close a newer notification', () => {
    const store = createNotificationsStore({ timers: createManualTimers() });
    const { result } = renderHook(() => useNotifications(store));
    let first = 0;
    act(() => {
      first = result.current.show({ status: 'error', message: 'first' }).id;
    });
    act(() => void result.current.show({ status: 'success', message: 'second' }));
    act(() => result.current.close(first));
    expect(result.current.notification?.message).toBe('second');
    act(() => result.current.close());
    expect(result.current.notification).toBeNull();
  });

  it('show and close keep their identity across renders and store changes', () => {
    const store = createNotificationsStore({ timers: createManualTimers() });
    const { result, rerender } = renderHook(() => useNotifications(store));
    const { show, close } = result.current;
    act(() => void show({ status: 'success', message: 'a' }));
    rerender();
    act(() => close());
    expect(result.current.show).toBe(show);
    expect(result.current.close).toBe(close);
  });

  it('returns the same result object while nothing changed', () => {
    const store = createNotificationsStore({ timers: createManualTimers() });
    const { result, rerender } = renderHook(() => useNotifications(store));
    const before = result.current;
    rerender();
    expect(result.current).toBe(before);
  });

  it("show() throws the sdk's validation error naming every bad field", () => {
    const store = createNotificationsStore({ timers: createManualTimers() });
    const { result } = renderHook(() => useNotifications(store));
    let caught: unknown;
    try {
      result.current.show({ status: 'info' as 'success', message: ' ' });
    } catch (error) {
      caught = error;
    }
    expect(isValidationError(caught)).toBe(true);
    expect(isValidationError(caught) && caught.issues.map((i) => i.path)).toEqual(['status', 'message']);
    expect(result.current.notification).toBeNull();
  });

  it('two components read one store; unmounting one leaves the notification to the other', () => {
    const timers = createManualTimers();
    const store = createNotificationsStore({ timers });
    const a = renderHook(() => useNotifications(store));
    const b = renderHook(() => useNotifications(store));
    act(() => void a.result.current.show({ status: 'success', message: 'shared' }));
    expect(b.result.current.notification?.message).toBe('shared');
    a.unmount();
    expect(b.result.current.notification?.message).toBe('shared');
    act(() => timers.advance(5000));
    expect(b.result.current.notification).toBeNull();
  });

  it('works under StrictMode (double render and effects) with one timer', () => {
    const timers = createManualTimers();
    const store = createNotificationsStore({ timers });
    render(
      <StrictMode>
        <Modal store={store} />
      </StrictMode>,
    );
    act(() => void store.show({ status: 'success', message: 'strict' }));
    expect(screen.getByText('strict')).toBeTruthy();
    expect(timers.pending()).toBe(1);
    act(() => timers.advance(5000));
    expect(screen.getByText('nothing')).toBeTruthy();
  });
});
