// The live side of revocation (auth/revocation.ts publishes; this ends). Each process keeps a
// registry of its members' live graphql-ws sockets and subscriptions (over the socket or as
// server-sent events), and listens on the PubSub's revocation topic:
//
// - A sign-out reason (signed-out, signed-out-everywhere, password-changed, password-reset,
//   two-step-enabled, account-closed) closes the member's sockets with 4403 (final: the sdk takes
//   the member for signed out) and ends their server-sent-events streams with a last
//   UNAUTHENTICATED error. A revocation naming one session ends only the streams of that session;
//   a viewer that carries no session id (tokens before per-device sessions) counts as every session
//   of the member. The session that made the change and stays (a password change, two-step
//   sign-in turned on) is renewed instead: its sockets close with the sdk's
//   TOKEN_EXPIRED_CLOSE_CODE (the client reconnects with its token, fresh after a password change).
// - 'access-changed' (a lapse, refund, dispute, downgrade or removed capability) reads the member's
//   record once and re-checks each live subscription with the rule its resolver subscribed under
//   (accessRecheck in modules/members/access.ts: the sdk's capability rules). Each one the member
//   may no longer hold ends with a last FORBIDDEN error and completes; the others run on, and so
//   does the socket. A stream whose session no longer holds ends as a sign-out does.
// - A plan that simply runs out (a cancelled subscription's term ends) changes nothing stored, so
//   nothing is published: each subscription with a rule is re-checked, as for 'access-changed',
//   when the member's next paid or trial period ends.
//
// A stream that starts while a revocation of its member is being heard could have been checked
// before the change committed: one registered within RECENT_REVOCATION_MS of a revocation of its
// member is re-checked against the record at once.
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { endsSession, readRevocation, REVOCATION_TOPIC, type RevocationReason } from './auth/revocation';
import { sessionHolds } from './context';
import type { AppDeps, MemberAccess, MemberRecord, RequestContext, Viewer } from './kernel';
import { memberAccessOf, NO_LONGER_INCLUDED, primedRecordOf, subscriptionRuleOf } from './modules/members/access';
import type { LiveTransport, Metrics } from './ops/metrics';
import { listenTo } from './pubsub/listen';
import { TOKEN_EXPIRED_CLOSE_CODE } from '@matchkit/sdk/transport';

/** How long after hearing a revocation of a member a new stream of theirs is re-checked as it starts. */
export const RECENT_REVOCATION_MS = 10_000;

/** The last error of a server-sent-events stream whose session ended. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended: sign in again.';
/** The last error of a server-sent-events stream whose token expired. */
export const TOKEN_EXPIRED_MESSAGE = 'Your session token expired: subscribe again.';
/** The close reason of a socket whose session ended (code 4403). */
export const SIGNED_OUT_CLOSE = { code: 4403, reason: 'Signed out' } as const;
/** The close reason of a socket whose session stays but whose token was replaced (the sdk renews and reconnects). */
export const RENEW_CLOSE = { code: TOKEN_EXPIRED_CLOSE_CODE, reason: 'Token replaced' } as const;

/** One live socket or subscription of a member. */
interface LiveEntry {
  readonly viewer: Viewer;
  readonly transport: LiveTransport;
  /** A socket (closed on sign-out) or one subscription (ended on sign-out when it is an event stream; re-checked on access-changed). */
  readonly kind: 'socket' | 'subscription';
  /** The entitlement rule the subscription started under, or null (left alone by 'access-changed'). */
  readonly allowed: ((access: MemberAccess) => boolean) | null;
  /** Ends it: `cause` says whether the session ended, the access did, or the token must be renewed. */
  end(cause: 'session' | 'access' | 'renew'): void;
}

/** The registry and the listener. */
export interface LiveAccess {
  /** Registers a graphql-ws socket of `viewer`: a sign-out naming it closes it with 4403. Returns the unregistration. */
  trackSocket(viewer: Viewer, close: (code: number, reason: string) => void): () => void;
  /** The yoga plugin that registers every subscription of a member, and ends an event stream at its token's expiry. */
  readonly plugin: Plugin<RequestContext>;
  /** Resolves once the listener is subscribed (anything published afterwards, by any process, is heard). */
  readonly ready: Promise<void>;
  /** Sockets and subscriptions registered now (of the member `userId`, or of everyone). */
  size(userId?: string): number;
  /** Stops listening (before the PubSub closes). */
  stop(): Promise<void>;
}

/** Whether a stream of `viewer` belongs to the session `sessionId` names (null: every session). */
function inSession(viewer: Viewer, sessionId: string | null): boolean {
  return sessionId === null || viewer.sessionId === sessionId;
}

/** Starts the registry and its listener on `deps.pubSub`. */
export function createLiveAccess(deps: AppDeps, metrics: Metrics): LiveAccess {
  const byUser = new Map<string, Set<LiveEntry>>();
  /** When (performance.now()) a revocation of each member was last heard; pruned as it ages. */
  const heardAt = new Map<string, number>();
  const stopping = new AbortController();

  function add(entry: LiveEntry): () => void {
    const userId = entry.viewer.userId;
    let set = byUser.get(userId);
    if (set === undefined) {
      set = new Set();
      byUser.set(userId, set);
    }
    set.add(entry);
    const at = heardAt.get(userId);
    if (at !== undefined && performance.now() - at < RECENT_REVOCATION_MS) {
      recheck(userId, [entry], 'access-changed').catch((error: unknown) =>
        deps.logger.error({ err: error }, 'a new stream could not be re-checked'),
      );
    }
    return () => {
      const entries = byUser.get(userId);
      if (entries?.delete(entry) === true && entries.size === 0) byUser.delete(userId);
    };
  }

  function end(entry: LiveEntry, cause: 'session' | 'access' | 'renew', reason: RevocationReason): void {
    entry.end(cause);
    metrics.liveStreamEnded(reason, entry.transport);
  }

  /** Ends what a sign-out names: sockets, and event streams (a socket's subscriptions end with it). */
  function signOut(entries: readonly LiveEntry[], reason: RevocationReason, renewSessionId: string | null = null): number {
    let ended = 0;
    for (const entry of entries) {
      if (entry.kind === 'subscription' && entry.transport === 'ws') continue;
      const renew = renewSessionId !== null && entry.viewer.sessionId === renewSessionId;
      end(entry, renew ? 'renew' : 'session', reason);
      ended += 1;
    }
    return ended;
  }

  /** Reads the member's record once and ends each entry whose session or rule no longer holds. */
  async function recheck(userId: string, entries: readonly LiveEntry[], reason: RevocationReason): Promise<number> {
    const record = await deps.memberRecords.load(userId);
    const now = deps.clock();
    let access: MemberAccess | null = null;
    const gone: LiveEntry[] = [];
    let ended = 0;
    for (const entry of entries) {
      // The member exists, the version is the token's and the token's own session is unrevoked and unexpired.
      if (record === null || !sessionHolds(record, entry.viewer, now)) {
        gone.push(entry);
        continue;
      }
      if (entry.allowed === null) continue;
      access ??= memberAccessOf(deps.brand, record, now);
      if (entry.allowed(access)) continue;
      end(entry, 'access', reason);
      ended += 1;
    }
    return ended + signOut(gone, reason);
  }

  async function hear(payload: unknown): Promise<void> {
    const revocation = readRevocation(payload);
    if (revocation === null) {
      deps.logger.warn({ topic: REVOCATION_TOPIC }, 'ignored a malformed revocation');
      return;
    }
    const { userId, sessionId, reason, renewSessionId } = revocation;
    metrics.revocationHeard(reason);
    const now = performance.now();
    heardAt.delete(userId);
    heardAt.set(userId, now);
    for (const [id, at] of heardAt) {
      if (now - at < RECENT_REVOCATION_MS) break;
      heardAt.delete(id);
    }
    const entries = [...(byUser.get(userId) ?? [])].filter((e) => inSession(e.viewer, sessionId));
    if (entries.length === 0) return;
    const ended = endsSession(reason) ? signOut(entries, reason, renewSessionId) : await recheck(userId, entries, reason);
    deps.logger.info({ userId, reason, ended }, 'live access revoked');
  }

  // Falling behind (a thousand revocations): the streams of the missed ones still end at their
  // next check; the listener subscribes again.
  const { ready, done: listening } = listenTo(deps.pubSub, REVOCATION_TOPIC, stopping.signal, {
    hear: (payload) => hear(payload).catch((error: unknown) => deps.logger.error({ err: error }, 'a revocation could not be applied')),
    missed: (error) => deps.logger.error({ err: error }, 'the revocation listener fell behind: listening again'),
  });

  const plugin: Plugin<RequestContext> = {
    onSubscribe({ args }) {
      const ctx = args.contextValue;
      const viewer = ctx.viewer;
      if (viewer === null) return;
      const transport: LiveTransport = ctx.transport === 'ws' ? 'ws' : 'sse';
      return {
        onSubscribeResult({ result, setResult }) {
          if (!isAsyncIterable(result)) return;
          let untrack = (): void => undefined;
          let timer: ReturnType<typeof setTimeout> | undefined;
          let lapse: ReturnType<typeof setTimeout> | undefined;
          let live = true;
          const stream = endable(result as AsyncIterable<ExecutionResult>, () => {
            live = false;
            untrack();
            clearTimeout(timer);
            clearTimeout(lapse);
          });
          const entry: LiveEntry = {
            viewer,
            transport,
            kind: 'subscription',
            allowed: subscriptionRuleOf(ctx),
            end: (cause) =>
              stream.end(
                cause === 'session'
                  ? refusal('UNAUTHENTICATED', SESSION_ENDED_MESSAGE)
                  : cause === 'renew'
                    ? refusal('UNAUTHENTICATED', TOKEN_EXPIRED_MESSAGE)
                    : refusal('FORBIDDEN', NO_LONGER_INCLUDED),
              ),
          };
          untrack = add(entry);
          // A plan that runs out changes nothing stored, so no revocation tells of it: the
          // subscription is re-checked when the member's next paid or trial period ends.
          const watch = (record: MemberRecord | null): void => {
            const next = record === null || !live || entry.allowed === null ? null : nextPeriodEnd(record, deps.clock());
            if (next === null) return;
            lapse = setTimeout(
              () => {
                void (async () => {
                  await recheck(viewer.userId, [entry], 'access-changed');
                  if (live) watch(await deps.memberRecords.load(viewer.userId));
                })().catch((error: unknown) => deps.logger.error({ err: error }, 'a lapse could not be re-checked'));
              },
              Math.min(next - deps.clock(), 2 ** 31 - 1),
            );
            lapse.unref();
          };
          const primed = primedRecordOf(viewer);
          if (primed !== null) watch(primed);
          else
            deps.memberRecords
              .load(viewer.userId)
              .then(watch)
              .catch((error: unknown) => deps.logger.error({ err: error }, 'a lapse could not be watched'));
          // An event stream ends when the token that opened it expires, as a socket closes then (ws.ts).
          if (transport === 'sse') {
            const left = Math.min(Math.max(0, viewer.tokenExpiresAt - deps.clock()), 2 ** 31 - 1);
            timer = setTimeout(() => stream.end(refusal('UNAUTHENTICATED', TOKEN_EXPIRED_MESSAGE)), left);
          }
          setResult(stream.iterator);
        },
      };
    },
  };

  return {
    trackSocket(viewer, close) {
      return add({
        viewer,
        transport: 'ws',
        kind: 'socket',
        allowed: null,
        end: (cause) =>
          cause === 'renew' ? close(RENEW_CLOSE.code, RENEW_CLOSE.reason) : close(SIGNED_OUT_CLOSE.code, SIGNED_OUT_CLOSE.reason),
      });
    },
    plugin,
    ready,
    size: (userId) => (userId === undefined ? [...byUser.values()].reduce((n, set) => n + set.size, 0) : (byUser.get(userId)?.size ?? 0)),
    async stop() {
      stopping.abort();
      await listening;
    },
  };
}

/** The first end of a paid or trial period of `record` after `now`, or null when none is to come. */
function nextPeriodEnd(record: MemberRecord, now: number): number | null {
  let next: number | null = null;
  for (const grant of record.grants) {
    const end = grant.periodEnd.getTime();
    if (end > now && (next === null || end < next)) next = end;
  }
  return next;
}

/** A last result carrying one error with `code`. */
function refusal(code: 'UNAUTHENTICATED' | 'FORBIDDEN', message: string): ExecutionResult {
  return { errors: [new GraphQLError(message, { extensions: { code } })] };
}

/**
 * `source`'s results until end(last) is called: then the source is stopped at once (even while a
 * next() awaits it), `last` is the final result and the stream is done. An iterator rather than an
 * async generator: a generator cannot be returned while it awaits its source. `onFinish` runs once,
 * however it finishes (ended, done, failed, or returned by its consumer).
 */
export function endable(
  source: AsyncIterable<ExecutionResult>,
  onFinish: () => void,
): { readonly iterator: AsyncIterableIterator<ExecutionResult>; end(last: ExecutionResult): void } {
  const inner = source[Symbol.asyncIterator]();
  const DONE = { value: undefined, done: true } as const;
  let finished = false;
  let last: ExecutionResult | null = null;
  // The next() calls waiting on the source, woken by end(). One entry a call, let go when it
  // settles: never Promise.race against one promise for the stream's life, which would keep every
  // result the stream ever sent (each race leaves a reaction on that promise until it settles).
  const waiting = new Set<() => void>();
  const finish = async (): Promise<IteratorResult<ExecutionResult>> => {
    if (!finished) {
      finished = true;
      onFinish();
      await inner.return?.();
    }
    return DONE;
  };
  /** The final result once end() was called (then done). */
  const closing = async (): Promise<IteratorResult<ExecutionResult>> => {
    await finish();
    const value = last;
    last = null;
    return value === null ? DONE : { value, done: false };
  };
  let ending = false;
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    [Symbol.asyncIterator]: () => iterator,
    next() {
      if (ending) return closing();
      if (finished) return Promise.resolve(DONE);
      return new Promise<IteratorResult<ExecutionResult>>((resolve, reject) => {
        let settled = false;
        /** Settles this call once (with the step `outcome` makes), whichever comes first: the source or end(). */
        const settle = (outcome: () => IteratorResult<ExecutionResult> | Promise<IteratorResult<ExecutionResult>>) => {
          if (settled) return;
          settled = true;
          waiting.delete(wake);
          resolve(outcome());
        };
        const wake = () => settle(closing);
        let step: Promise<IteratorResult<ExecutionResult>>;
        try {
          step = inner.next();
        } catch (error) {
          step = Promise.reject(error as Error);
        }
        waiting.add(wake);
        step.then(
          (step) => {
            if (ending) return settle(closing);
            if (step.done === true && !finished) {
              finished = true;
              onFinish();
            }
            settle(() => (step.done === true ? DONE : step));
          },
          (error: unknown) => {
            if (settled) return;
            settled = true;
            waiting.delete(wake);
            // A failed source is finished too (its consumer reports the error and never returns it).
            if (!finished) {
              finished = true;
              onFinish();
            }
            reject(error);
          },
        );
      });
    },
    return: finish,
    async throw(error: unknown) {
      await finish();
      throw error;
    },
  };
  return {
    iterator,
    end(result) {
      if (ending || finished) return;
      ending = true;
      last = result;
      for (const wake of [...waiting]) wake();
    },
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
