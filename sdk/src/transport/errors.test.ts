import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { simulateWagering } from '../casino';
import { MatchkitError, isMatchkitError } from '../errors';
import {
  TRANSPORT_ERROR_KINDS,
  TransportError,
  isTransportError,
  type GraphQLResponseError,
  type SubscriptionSink,
  type TransportFailure,
} from '../transport';

describe('TransportError', () => {
  it('is a MatchkitError with every detail kept', () => {
    const e = new TransportError('http', 'POST /graphql answered HTTP 404', {
      status: 404,
      bodyText: '{"errors":[{"message":"x"}]}',
      graphQLErrors: [{ message: 'x' }],
      url: 'https://api.example.com/graphql',
      operationName: 'Me',
      attempts: 1,
    });
    expect(e).toBeInstanceOf(MatchkitError);
    expect(isMatchkitError(e)).toBe(true);
    expect([e.kind, e.status, e.bodyText, e.graphQLErrors, e.operationName, e.timedOut]).toEqual([
      'http',
      404,
      '{"errors":[{"message":"x"}]}',
      [{ message: 'x' }],
      'Me',
      false,
    ]);
    expect(Object.isFrozen(e.graphQLErrors)).toBe(true);
  });

  it('has the six kinds of the issue', () => {
    expect([...TRANSPORT_ERROR_KINDS].sort()).toEqual(['aborted', 'graphql', 'http', 'malformed', 'network', 'parse']);
  });

  it('is recognised by isTransportError across two copies of the module (bundle duplication)', async () => {
    vi.resetModules();
    const copy = await import('./errors');
    expect(copy.TransportError).not.toBe(TransportError);
    const foreign = new copy.TransportError('network', 'from another copy');
    expect(foreign).not.toBeInstanceOf(TransportError);
    expect(isTransportError(foreign)).toBe(true);
    expect(copy.isTransportError(new TransportError('parse', 'from this copy'))).toBe(true);
  });

  it('is not claimed for other errors or other matchkit kinds', () => {
    expect(isTransportError(new Error('x'))).toBe(false);
    expect(isTransportError({ kind: 'http' })).toBe(false);
    expect(isTransportError(new MatchkitError('validation', 'bad'))).toBe(false);
  });

  it("is not claimed for another module's MatchkitError of a kind the transport shares", () => {
    for (const kind of TRANSPORT_ERROR_KINDS) {
      expect(isTransportError(new MatchkitError(kind, 'not from the transport')), kind).toBe(false);
    }
  });

  it('is false for an aborted casino simulation (a MatchkitError of kind aborted, no transport fields)', async () => {
    const controller = new AbortController();
    controller.abort(new Error('the member left the page'));
    const error: unknown = await simulateWagering(
      { depositPence: 5000, bonusPence: 5000, wageringMultiple: 35, stake: 100, slot: 'medium' },
      { runs: 100, seed: 1, signal: controller.signal },
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isMatchkitError(error) && error.kind).toBe('aborted');
    expect(isTransportError(error)).toBe(false);
  });

  it('is true for every kind of TransportError, including aborted and network', () => {
    for (const kind of TRANSPORT_ERROR_KINDS) expect(isTransportError(new TransportError(kind, 'x')), kind).toBe(true);
  });
});

describe('TransportFailure: the discriminated union over TransportError (type-level)', () => {
  it('isTransportError narrows to the union, and narrowing on kind gives each kind the fields that always exist', () => {
    const narrow = (e: unknown): void => {
      if (!isTransportError(e)) return;
      expectTypeOf(e).toEqualTypeOf<TransportFailure>();
      expectTypeOf(e).toExtend<TransportError>(); // the runtime class is still what it is
      switch (e.kind) {
        case 'http':
        case 'parse':
        case 'malformed':
          expectTypeOf(e.status).toEqualTypeOf<number>();
          expectTypeOf(e.bodyText).toEqualTypeOf<string>();
          break;
        case 'graphql':
          expectTypeOf(e.graphQLErrors).toExtend<readonly [GraphQLResponseError, ...GraphQLResponseError[]]>(); // non-empty
          expectTypeOf(e.graphQLErrors[0]).toEqualTypeOf<GraphQLResponseError>(); // never undefined
          expectTypeOf(e.status).toEqualTypeOf<number | undefined>(); // absent for a subscription
          break;
        case 'network':
          expectTypeOf(e.status).toEqualTypeOf<number | undefined>();
          expectTypeOf(e.closeCode).toEqualTypeOf<number | undefined>();
          break;
        case 'aborted':
          expectTypeOf(e.timedOut).toEqualTypeOf<boolean>();
          break;
        default:
          expectTypeOf(e).toBeNever(); // the six kinds are exhaustive
      }
    };
    narrow(new TransportError('http', 'x', { status: 500, bodyText: '' }));
    expectTypeOf<TransportFailure['kind']>().toEqualTypeOf<(typeof TRANSPORT_ERROR_KINDS)[number]>();
  });

  it("a subscription sink's error receives the union", () => {
    expectTypeOf<Parameters<NonNullable<SubscriptionSink['error']>>[0]>().toEqualTypeOf<TransportFailure>();
    // A sink written against the class still fits.
    const sink: SubscriptionSink = { next: () => {}, error: (e: TransportError) => void e.kind };
    expect(typeof sink.error).toBe('function');
  });
});
