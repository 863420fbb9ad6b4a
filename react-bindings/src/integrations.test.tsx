import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createIntegrationsStore, type IntegrationsCheck, type IntegrationsStore, type Logger } from '@matchkit/sdk/integrations';
import { useIntegrations } from './integrations';
import { createFocusEmitter } from './test-utils';

// Against the real integrations store; its injected seams are a `check` function answering what
// the test queues (the check endpoint's `{ data, error }`), a focus source fired by hand and a
// logger that records.

afterEach(cleanup);

/** A check function whose answers the test releases one by one, counting the calls. */
function createCheck() {
  const waiting: ((r: IntegrationsCheck) => void)[] = [];
  return {
    calls: 0,
    check(): Promise<IntegrationsCheck> {
      this.calls += 1;
      return new Promise((resolve) => waiting.push(resolve));
    },
    /** Answers the oldest pending call. */
    async answer(response: IntegrationsCheck): Promise<void> {
      const next = waiting.shift();
      if (next === undefined) throw new Error('no check is pending');
      await act(async () => {
        next(response);
        await new Promise((r) => setTimeout(r, 0));
      });
    },
    pending: () => waiting.length,
  };
}

function setup() {
  const check = createCheck();
  const focus = createFocusEmitter();
  const logged: string[] = [];
  const logger: Logger = { warn: (m) => void logged.push(m), error: (m) => void logged.push(m) };
  const store = createIntegrationsStore({ check: () => check.check(), onFocus: focus.source, logger, now: () => 1_000 });
  return { check, focus, logged, store };
}

function Statuses({ store }: { store: IntegrationsStore }) {
  const { statuses, checking } = useIntegrations(store);
  return (
    <output>
      {checking ? 'checking ' : ''}
      {statuses === null
        ? 'none'
        : Object.entries(statuses)
            .map(([name, s]) => `${name}=${s}`)
            .join(' ')}
    </output>
  );
}

describe('useIntegrations over the real integrations store', () => {
  it('checks on mount, renders the statuses, and rechecks when the window regains focus', async () => {
    const { check, focus, store } = setup();
    render(<Statuses store={store} />);
    expect(check.calls).toBe(1);
    expect(screen.getByRole('status').textContent).toBe('checking none');

    await check.answer({ data: { betfair: 'connected', smarkets: 'expired' }, error: false });
    expect(screen.getByRole('status').textContent).toBe('betfair=connected smarkets=expired');

    act(() => focus.focus());
    expect(check.calls).toBe(2);
    await check.answer({ data: { betfair: 'connected', smarkets: 'connected' }, error: false });
    expect(screen.getByRole('status').textContent).toBe('betfair=connected smarkets=connected');
  });

  it('keeps the rendered statuses when a recheck answers with the error flag', async () => {
    const { check, focus, logged, store } = setup();
    render(<Statuses store={store} />);
    await check.answer({ data: { betfair: 'connected' }, error: false });
    act(() => focus.focus());
    await check.answer({ data: null, error: true });
    expect(screen.getByRole('status').textContent).toBe('betfair=connected');
    expect(logged.some((m) => m.includes('error flag'))).toBe(true);
  });

  it('stops the focus recheck on unmount', async () => {
    const { check, focus, store } = setup();
    const { unmount } = render(<Statuses store={store} />);
    await check.answer({ data: {}, error: false });
    expect(focus.listeners()).toBe(1);
    unmount();
    expect(focus.listeners()).toBe(0);
    focus.focus();
    expect(check.calls).toBe(1);
  });

  it('under StrictMode: one focus listener and one check request for the mount', async () => {
    const { check, focus, store } = setup();
    const { unmount } = render(
      <StrictMode>
        <Statuses store={store} />
      </StrictMode>,
    );
    expect(focus.listeners()).toBe(1);
    expect(check.calls).toBe(1);
    await check.answer({ data: { matchbook: 'disconnected' }, error: false });
    expect(screen.getByRole('status').textContent).toBe('matchbook=disconnected');
    unmount();
    expect(focus.listeners()).toBe(0);
  });

  it('two components share one started store: the recheck runs until the last one unmounts', async () => {
    const { check, focus, store } = setup();
    const first = renderHook(() => useIntegrations(store));
    const second = renderHook(() => useIntegrations(store));
    expect(focus.listeners()).toBe(1);
    expect(check.calls).toBe(1);
    await check.answer({ data: { betfair: 'connected' }, error: false });
    expect(second.result.current.statuses).toEqual({ betfair: 'connected' });

    first.unmount();
    expect(focus.listeners()).toBe(1);
    act(() => focus.focus());
    expect(check.calls).toBe(2);
    await check.answer({ data: { betfair: 'expired' }, error: false });
    expect(second.result.current.statuses).toEqual({ betfair: 'expired' });

    second.unmount();
    expect(focus.listeners()).toBe(0);
  });

  it('a remount after the last unmount starts the store again', async () => {
    const { check, focus, store } = setup();
    renderHook(() => useIntegrations(store)).unmount();
    await check.answer({ data: {}, error: false });
    const again = renderHook(() => useIntegrations(store));
    expect(focus.listeners()).toBe(1);
    expect(check.calls).toBe(2);
    await check.answer({ data: { betfair: 'connected' }, error: false });
    expect(again.result.current).toEqual({ statuses: { betfair: 'connected' }, checking: false, checkedAt: 1_000 });
    again.unmount();
  });

  it('switching to another store stops the first and starts the second', async () => {
    const a = setup();
    const b = setup();
    const { rerender, unmount } = renderHook(({ store }) => useIntegrations(store), { initialProps: { store: a.store } });
    expect(a.focus.listeners()).toBe(1);
    rerender({ store: b.store });
    expect(a.focus.listeners()).toBe(0);
    expect(b.focus.listeners()).toBe(1);
    expect(b.check.calls).toBe(1);
    await a.check.answer({ data: {}, error: false });
    await b.check.answer({ data: {}, error: false });
    unmount();
    expect(b.focus.listeners()).toBe(0);
  });
});
