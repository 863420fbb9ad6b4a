// Failed requests through the sdk: the transport's fetch, wrapped so that a 5xx answer is recorded
// by the sdk's network capture (createNetworkCapture: URL without query, method, status, duration,
// headers redacted: never authorization or cookies) and a network failure (no answer) as the
// same event with status 0. Nothing is recorded unless the analytics session is running, that is
// after the visitor accepted analytics; an aborted request is not a failure.
import { createNetworkCapture, type Analytics } from '@matchkit/sdk/analytics';
import type { TransportFetch } from '@matchkit/sdk/transport';

export const FAILED_REQUEST_EVENT = 'network_request_failed';

export function isRunning(analytics: Pick<Analytics, 'getSnapshot'>): boolean {
  const { status } = analytics.getSnapshot();
  return status === 'ready' || status === 'initialising';
}

/** The URL as recorded: origin and path only (a query may carry a token or an address). */
function pathOnly(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url.split(/[?#]/)[0] ?? '';
  }
}

export function capturingFetch(analytics: Analytics, base: TransportFetch = (url, init) => fetch(url, init)): TransportFetch {
  const capture = createNetworkCapture(analytics, { eventType: FAILED_REQUEST_EVENT });
  return async (url, init) => {
    const started = Date.now();
    let response: Response;
    try {
      response = await base(url, init);
    } catch (error) {
      const aborted = error instanceof DOMException && error.name === 'AbortError';
      if (!aborted && isRunning(analytics)) {
        analytics.track(FAILED_REQUEST_EVENT, {
          url: pathOnly(url),
          method: (init.method ?? 'GET').toUpperCase(),
          status: 0,
          duration_ms: Date.now() - started,
        });
      }
      throw error;
    }
    if (isRunning(analytics)) {
      capture.captureRequest({
        url,
        method: init.method,
        status: response.status,
        durationMs: Date.now() - started,
        requestHeaders: init.headers as Record<string, string> | undefined,
        responseHeaders: response.headers,
      });
    }
    return response;
  };
}
