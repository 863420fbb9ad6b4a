import { unknownOptions, type OptionKeys } from '../internal/keys';
import { NOTIFICATIONS } from '../brands/common';
import type { Brand } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { defaultTimers, type StoreTimers } from '../internal/platform';
import { createStore, type ReadableStore } from '../internal/store';

/**
 * The statuses of the notification modal (spec section 8).
 *
 * @example
 * ```ts
 * import type { NotificationStatus } from '@matchkit/sdk/notifications';
 * const status: NotificationStatus = 'warning';
 * ```
 */
export type NotificationStatus = 'success' | 'error' | 'warning';

/**
 * What to show: a status, a message and optionally a title and its own auto-close delay.
 *
 * @example
 * ```ts
 * import type { NotificationInput } from '@matchkit/sdk/notifications';
 * const saved: NotificationInput = { status: 'success', message: 'Bet saved' };
 * ```
 */
export interface NotificationInput {
  /** `success`, `error` or `warning`. */
  readonly status: NotificationStatus;
  /** The text of the modal; not empty. */
  readonly message: string;
  /** An optional heading. */
  readonly title?: string | undefined;
  /** Milliseconds before this one closes on its own. @defaultValue the store's `autoCloseMs` */
  readonly autoCloseMs?: number | undefined;
}

/**
 * The notification on screen: the input plus an id (increasing within a store) and the delay
 * that applies.
 *
 * @example
 * ```ts
 * import type { Notification } from '@matchkit/sdk/notifications';
 * function label(n: Notification): string {
 *   return `${n.status}: ${n.title ?? ''} ${n.message}`;
 * }
 * ```
 */
export interface Notification {
  /** Identifies this notification within its store; later ones have larger ids. */
  readonly id: number;
  /** `success`, `error` or `warning`. */
  readonly status: NotificationStatus;
  /** The text of the modal. */
  readonly message: string;
  /** The heading, when one was given. */
  readonly title: string | undefined;
  /** Milliseconds after which it closes on its own. */
  readonly autoCloseMs: number;
}

/**
 * Options of {@link createNotificationsStore}.
 *
 * @example
 * ```ts
 * import { createNotificationsStore, type NotificationsStoreOptions } from '@matchkit/sdk/notifications';
 * import { getBrand } from '@matchkit/sdk/brands';
 * const options: NotificationsStoreOptions = { brand: getBrand('secondary') };
 * const store = createNotificationsStore(options);
 * ```
 */
export interface NotificationsStoreOptions {
  /**
   * A catalogue (from `getBrand` or `defineBrand`) whose `notifications` give the delay and the
   * statuses. Only that section is read, so the store does not bundle the catalogues.
   * @defaultValue the reference catalogues' shared values: 5000 ms; success, error, warning
   */
  readonly brand?: Pick<Brand, 'notifications'> | undefined;
  /** Auto-close delay in ms. @defaultValue the catalogue's `notifications.autoCloseMs` (5000) */
  readonly autoCloseMs?: number | undefined;
  /** The timer pair. @defaultValue the global `setTimeout`/`clearTimeout` */
  readonly timers?: StoreTimers | undefined;
}

/**
 * The notification modal's store: the snapshot is the notification on screen, or `null`.
 *
 * @example
 * ```ts
 * import { createNotificationsStore } from '@matchkit/sdk/notifications';
 * const store = createNotificationsStore();
 * const unsubscribe = store.subscribe(() => console.warn(store.getSnapshot()?.message));
 * unsubscribe();
 * ```
 */
export interface NotificationsStore extends ReadableStore<Notification | null> {
  /**
   * Shows a notification, replacing the one on screen and restarting the auto-close timer.
   *
   * @throws MatchkitValidationError naming every bad field of `input`
   */
  show(input: NotificationInput): Notification;
  /**
   * Closes the notification on screen and cancels its timer. With an `id`, closes only if that
   * notification is still the one on screen (a stale close button does not close a newer one).
   */
  close(id?: number): void;
  /** Closes and cancels the timer; call when the app unmounts the modal for good. */
  dispose(): void;
}

const isPositiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

const NOTIFICATIONS_STORE_KEYS: OptionKeys<NotificationsStoreOptions> = { brand: 0, autoCloseMs: 0, timers: 0 };

/**
 * Creates the notification modal's store (spec sections 8 and 9): statuses success, error and
 * warning; a notification closes on its own after 5000 ms (the catalogue's
 * `notifications.autoCloseMs`); a new one replaces the old and restarts the timer; a manual close
 * cancels the timer.
 *
 * @param options - brand, delay and timers; see {@link NotificationsStoreOptions}
 * @throws MatchkitValidationError when `autoCloseMs` (the option's or the brand's) is not a positive integer or `timers` lacks a function
 *
 * @example
 * ```ts
 * import { createNotificationsStore } from '@matchkit/sdk/notifications';
 * const store = createNotificationsStore();
 * const n = store.show({ status: 'success', message: 'Bet saved' });
 * n.autoCloseMs; // 5000
 * store.close(n.id);
 * store.getSnapshot(); // null
 * ```
 */
export function createNotificationsStore(options: NotificationsStoreOptions = {}): NotificationsStore {
  const section =
    options.brand === undefined ? NOTIFICATIONS : (options.brand as { notifications?: typeof NOTIFICATIONS } | null)?.notifications;
  const issues: ValidationIssue[] = [];
  if (options.autoCloseMs !== undefined && !isPositiveInt(options.autoCloseMs)) {
    issues.push({ path: 'autoCloseMs', message: 'must be a positive integer number of milliseconds' });
  }
  if (!isPositiveInt(section?.autoCloseMs) || !Array.isArray(section?.statuses)) {
    issues.push({ path: 'brand.notifications', message: 'must have a positive autoCloseMs and a statuses array' });
  }
  if (
    options.timers !== undefined &&
    (typeof options.timers?.setTimeout !== 'function' || typeof options.timers?.clearTimeout !== 'function')
  ) {
    issues.push({ path: 'timers', message: 'must have setTimeout and clearTimeout functions' });
  }
  unknownOptions(options, NOTIFICATIONS_STORE_KEYS, issues);
  if (issues.length > 0) throw new MatchkitValidationError('notifications store options', issues);

  const defaultDelay = options.autoCloseMs ?? (section as typeof NOTIFICATIONS).autoCloseMs;
  const statuses: readonly string[] = (section as typeof NOTIFICATIONS).statuses;
  const timers = options.timers ?? defaultTimers();
  const store = createStore<Notification | null>(null);
  let nextId = 1;
  let timer: { handle: unknown } | null = null;

  const cancelTimer = (): void => {
    if (timer !== null) timers.clearTimeout(timer.handle);
    timer = null;
  };

  const close = (id?: number): void => {
    const current = store.getSnapshot();
    if (current === null || (id !== undefined && id !== current.id)) return;
    cancelTimer();
    store.set(null);
  };

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    show(input) {
      const problems: ValidationIssue[] = [];
      if (typeof input !== 'object' || input === null) {
        throw new MatchkitValidationError('notification', [{ path: '', message: 'must be an object' }]);
      }
      if (!statuses.includes(input.status)) {
        problems.push({ path: 'status', message: `must be one of ${statuses.map((s) => JSON.stringify(s)).join(', ')}` });
      }
      if (typeof input.message !== 'string' || input.message.trim() === '') {
        problems.push({ path: 'message', message: 'must be a non-empty string' });
      }
      if (input.title !== undefined && typeof input.title !== 'string') {
        problems.push({ path: 'title', message: 'must be a string' });
      }
      if (input.autoCloseMs !== undefined && !isPositiveInt(input.autoCloseMs)) {
        problems.push({ path: 'autoCloseMs', message: 'must be a positive integer number of milliseconds' });
      }
      if (problems.length > 0) throw new MatchkitValidationError('notification', problems);

      cancelTimer();
      const notification: Notification = Object.freeze({
        id: nextId++,
        status: input.status,
        message: input.message,
        title: input.title,
        autoCloseMs: input.autoCloseMs ?? defaultDelay,
      });
      store.set(notification);
      const mine = { handle: undefined as unknown };
      timer = mine;
      mine.handle = timers.setTimeout(() => {
        if (timer !== mine) return;
        timer = null;
        close(notification.id);
      }, notification.autoCloseMs);
      return notification;
    },
    close,
    dispose() {
      close();
    },
  };
}
