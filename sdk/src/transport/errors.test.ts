import { describe, expect, it, vi } from 'vitest';
import { MatchkitError, isMatchkitError } from '../errors';
import { TRANSPORT_ERROR_KINDS, TransportError, isTransportError } from '../transport';

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
      'http', 404, '{"errors":[{"message":"x"}]}', [{ message: 'x' }], 'Me', false,
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
});
