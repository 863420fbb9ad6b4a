import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyPatch,
  createLiveFeed,
  diffMarkets,
  type FeedPatch,
  type FeedSnapshot,
  type LiveFeed,
  type PatchSink,
} from '@matchkit/sdk/feed';
import type { MarketSnapshot } from '@matchkit/sdk/matching';
import { useLiveFeed } from './feed';

// Against the real live feed; its seams are a source whose snapshot and patches the test sends,
// and a frame scheduler the test runs.

afterEach(cleanup);

const market = (odds: number): MarketSnapshot => ({
  events: [{ id: 'e1', sport: 'football', name: 'A v B', startsAt: '2026-06-01T15:00:00.000Z' }],
  markets: [{ id: 'e1/mo', eventId: 'e1', type: 'match-odds', name: 'Match Odds', runners: [{ id: 'e1/mo/home', name: 'A' }] }],
  backPrices: [{ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds }],
  exchangePrices: [],
  betBuilders: [],
});

function setup() {
  let state: FeedSnapshot = { seq: 7, at: 0, simulated: true, market: market(2) };
  const sinks = new Set<PatchSink>();
  const answers: (() => void)[] = [];
  const frames: (() => void)[] = [];
  let starts = 0;
  const feed = createLiveFeed({
    source: {
      snapshot: () => new Promise((resolve) => answers.push(() => resolve(state))),
      patches(sink) {
        starts += 1;
        sinks.add(sink);
        return () => sinks.delete(sink);
      },
    },
    scheduleFrame(cb) {
      frames.push(cb);
      return () => frames.splice(frames.indexOf(cb), 1);
    },
  });
  return {
    feed,
    get starts() {
      return starts;
    },
    get subscribers() {
      return sinks.size;
    },
    tick(odds: number) {
      const patch: FeedPatch = diffMarkets(state.market, market(odds), state.seq + 1, state.at + 250);
      state = applyPatch(state, patch);
      for (const s of sinks) s.next(patch);
    },
    async answer() {
      await act(async () => {
        answers.shift()?.();
        await new Promise((r) => setTimeout(r, 0));
      });
    },
    frame() {
      act(() => frames.shift()?.());
    },
  };
}

function Odds({ feed }: { feed: LiveFeed }) {
  const { status, snapshot } = useLiveFeed(feed);
  return (
    <output>
      {status} {snapshot === null ? 'none' : `${snapshot.seq}: ${snapshot.market.backPrices[0]?.odds ?? '-'}`}
    </output>
  );
}

describe('useLiveFeed over the real live feed', () => {
  it('starts the feed once while mounted (strict mode too), shows the snapshot, then each frame of patches', async () => {
    const t = setup();
    const view = render(
      <StrictMode>
        <Odds feed={t.feed} />
        <Odds feed={t.feed} />
      </StrictMode>,
    );
    expect(t.starts).toBe(1);
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('idle none');
    await t.answer();
    t.frame();
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('live 7: 2');
    t.tick(2.5);
    t.tick(2.6);
    t.frame();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['live 9: 2.6', 'live 9: 2.6']);
    view.unmount();
    await Promise.resolve();
    expect(t.subscribers).toBe(0);
    expect(t.feed.getSnapshot().status).toBe('idle');
  });

  it('keeps the feed while another component still uses it', async () => {
    const t = setup();
    const first = render(<Odds feed={t.feed} />);
    const second = render(<Odds feed={t.feed} />);
    first.unmount();
    await Promise.resolve();
    expect(t.subscribers).toBe(1);
    second.unmount();
    await Promise.resolve();
    expect(t.subscribers).toBe(0);
  });
});
