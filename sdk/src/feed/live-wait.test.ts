import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveFeed } from '@matchkit/sdk/feed';
import { fakeServer, manualFrames, matchMarket, settle, snapshotOf } from './testing';

afterEach(() => {
  vi.useRealTimers();
});

describe('createLiveFeed with waitForPatchMs', () => {
  it('fetches the snapshot once the stream delivers its first patch, so a subscription that reached the server late needs no resync', async () => {
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule, waitForPatchMs: 10_000 });
    feed.start();
    expect(server.subscribers).toBe(1);
    expect(server.requests).toHaveLength(0);
    server.tick(matchMarket(2.1)); // the stream is live: now the snapshot
    expect(server.requests).toHaveLength(1);
    server.requests[0]?.answer();
    server.tick(matchMarket(2.2));
    await settle();
    frames.run();
    const state = feed.getSnapshot();
    expect(state.status).toBe('live');
    expect(state.resyncs).toBe(0);
    expect(state.snapshot).toEqual(server.state);
    feed.stop();
  });

  it('fetches the snapshot anyway after the wait when the feed is quiet, and not twice', async () => {
    vi.useFakeTimers();
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule, waitForPatchMs: 500 });
    feed.start();
    vi.advanceTimersByTime(499);
    expect(server.requests).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(server.requests).toHaveLength(1);
    server.tick(matchMarket(2.1));
    expect(server.requests).toHaveLength(1);
    feed.stop();
    feed.start();
    feed.stop();
    vi.advanceTimersByTime(1000);
    expect(server.requests).toHaveLength(1);
  });
});
