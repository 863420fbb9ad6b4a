// Checks of what analytics is given: init's options (read into their resolved form, every bad
// field named), track's arguments, user and device ids, and the events read back from storage.
import type { Brand } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { isInt, isRecord } from '../internal/guards';
import type { AmplitudeEvent } from './amplitude';
import type { QueueOverflow } from './queue';
import type { SessionOptions } from './session';
import type { AnalyticsInitOptions, UploadOptions } from './types';

export const BATCH_URL = 'https://api2.amplitude.com/batch';
export const MIN_ID_LENGTH = 5;

/** `init`'s options, checked and with every default filled in. */
export interface Resolved {
  readonly apiKey: string;
  readonly url: string;
  readonly batchSize: number;
  readonly flushIntervalMs: number;
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly throttleDelayMs: number;
  readonly minIdLength: number | undefined;
  readonly session: SessionOptions;
  readonly maxQueuedEvents: number;
  readonly overflow: QueueOverflow;
  readonly prefix: string;
  readonly platform: string;
}

export function isAmplitudeEvent(v: unknown): v is AmplitudeEvent {
  return (
    isRecord(v) &&
    typeof v.event_type === 'string' &&
    typeof v.device_id === 'string' &&
    isInt(v.time, 0) &&
    typeof v.session_id === 'number' &&
    typeof v.insert_id === 'string'
  );
}

/** Adds an issue to `issues` unless `value` is an integer in [min, max]; returns the value. */
export function checkInt(issues: ValidationIssue[], path: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!isInt(value, min, max)) {
    issues.push({ path, message: `must be an integer ${max < Number.MAX_SAFE_INTEGER ? `from ${min} to ${max}` : `of at least ${min}`}` });
  }
  return value as number;
}

/**
 * An issue unless `id` is a string of at least `min` characters (Amplitude's `min_id_length`),
 * `null` (none) or `undefined` (not given).
 */
export function checkId(issues: ValidationIssue[], path: string, id: unknown, min = MIN_ID_LENGTH): void {
  if (id !== undefined && id !== null && (typeof id !== 'string' || id.length < min)) {
    issues.push({ path, message: `must be a string of at least ${min} characters, or null` });
  }
}

export const throwIfAny = (what: string, issues: ValidationIssue[]): void => {
  if (issues.length > 0) throw new MatchkitValidationError(what, issues);
};

export function validateTrack(eventType: unknown, properties: unknown, options: unknown): void {
  const issues: ValidationIssue[] = [];
  const record = (path: string, v: unknown): void => {
    if (v !== undefined && !isRecord(v)) issues.push({ path, message: 'must be an object' });
  };
  if (typeof eventType !== 'string' || eventType.trim() === '') issues.push({ path: 'eventType', message: 'must be a non-empty string' });
  record('properties', properties);
  record('options', options);
  if (isRecord(options)) {
    if (options.time !== undefined && !isInt(options.time, 0)) {
      issues.push({ path: 'options.time', message: 'must be epoch ms, an integer of at least 0' });
    }
    record('options.campaign', options.campaign);
    record('options.userProperties', options.userProperties);
  }
  throwIfAny('analytics event', issues);
}

export function resolveOptions(
  o: AnalyticsInitOptions,
  apiKey: string,
  b: Pick<Brand['analytics'], 'sessionTimeoutMs' | 'maxQueuedEvents'>,
  keptUserId: string | null,
): Resolved {
  const issues: ValidationIssue[] = [];
  const oneOf = <T extends string>(path: string, value: T, allowed: readonly T[]): T => {
    if (!allowed.includes(value)) issues.push({ path, message: `must be one of: ${allowed.join(', ')}` });
    return value;
  };
  const nonEmpty = (path: string, value: unknown): string => {
    if (typeof value !== 'string' || value === '') issues.push({ path, message: 'must be a non-empty string' });
    return value as string;
  };
  const up: UploadOptions = isRecord(o.upload) ? o.upload : {};
  if (o.upload !== undefined && !isRecord(o.upload)) issues.push({ path: 'upload', message: 'must be an object' });
  const single = oneOf('upload.mode', up.mode ?? 'batch', ['batch', 'single']) === 'single';
  const url = up.url ?? (single ? 'https://api2.amplitude.com/2/httpapi' : BATCH_URL);
  let web = false;
  try {
    web = /^https?:$/.test(new URL(url).protocol);
  } catch {
    // not a URL
  }
  if (!web) issues.push({ path: 'upload.url', message: 'must be an absolute http(s) URL' });
  if (single && (up.batchSize ?? 1) !== 1) issues.push({ path: 'upload.batchSize', message: 'must be 1 or left out in mode "single"' });
  const batchSize = single ? 1 : checkInt(issues, 'upload.batchSize', up.batchSize ?? 100, 1, 2000);
  const baseDelayMs = checkInt(issues, 'upload.baseDelayMs', up.baseDelayMs ?? 1000, 1);
  const minIdLength = up.minIdLength;
  if (minIdLength !== undefined) checkInt(issues, 'upload.minIdLength', minIdLength, 1);
  const session = o.session ?? {};
  const newSessionOnNewCampaign = session.newSessionOnNewCampaign ?? false;
  if (typeof newSessionOnNewCampaign !== 'boolean') issues.push({ path: 'session.newSessionOnNewCampaign', message: 'must be a boolean' });
  const resolved: Resolved = {
    apiKey,
    url,
    batchSize,
    flushIntervalMs: checkInt(issues, 'upload.flushIntervalMs', up.flushIntervalMs ?? 1000, 0),
    maxAttempts: checkInt(issues, 'upload.maxAttempts', up.maxAttempts ?? 10, 1),
    baseDelayMs,
    maxDelayMs: checkInt(issues, 'upload.maxDelayMs', up.maxDelayMs ?? 60_000, isInt(baseDelayMs, 1) ? baseDelayMs : 1),
    throttleDelayMs: checkInt(issues, 'upload.throttleDelayMs', up.throttleDelayMs ?? 30_000, 0),
    minIdLength,
    session: {
      sessionTimeoutMs: checkInt(issues, 'session.sessionTimeoutMs', session.sessionTimeoutMs ?? b.sessionTimeoutMs, 1),
      newSessionOnNewCampaign,
    },
    maxQueuedEvents: checkInt(issues, 'maxQueuedEvents', o.maxQueuedEvents ?? b.maxQueuedEvents, 1),
    overflow: oneOf('overflow', o.overflow ?? 'drop-oldest', ['drop-oldest', 'drop-newest']),
    prefix: nonEmpty('storageKeyPrefix', o.storageKeyPrefix ?? 'matchkit.analytics'),
    platform: nonEmpty('platform', o.platform ?? 'Web'),
  };
  const minId = isInt(minIdLength, 1) ? minIdLength : MIN_ID_LENGTH;
  // An id given to setUserId before init stays, unless init gives its own; it must be long enough too.
  checkId(issues, 'userId', o.userId === undefined ? keptUserId : o.userId, minId);
  checkId(issues, 'deviceId', o.deviceId, minId);
  throwIfAny('analytics options', issues);
  return resolved;
}
