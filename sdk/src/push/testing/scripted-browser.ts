// Test support only (not exported from any entry point).
import type { MessagingService, PushPermission } from '../push';

/**
 * The browser and the member, scripted: what the prompt answers, whether push exists, and a
 * record of every call so tests can prove no prompt happened.
 */
export function browser(
  init: {
    supported?: boolean;
    permission?: PushPermission;
    answer?: PushPermission;
    subscribed?: boolean;
    failSubscribe?: boolean;
    /** Calls that never settle (as a browser's can: a service worker that never becomes ready, a quiet prompt nobody opens). */
    hang?: readonly (keyof MessagingService)[];
  } = {},
) {
  const calls: string[] = [];
  const never = new Promise<never>(() => {});
  const hangs = (name: keyof MessagingService) => init.hang?.includes(name) === true;
  let permission: PushPermission = init.permission ?? 'default';
  let subscription: string | null = init.subscribed === true ? 'sub-existing' : null;
  let n = 0;
  const messaging: MessagingService<string> = {
    isSupported: () => (calls.push('isSupported'), hangs('isSupported') ? never : (init.supported ?? true)),
    getPermission: () => (calls.push('getPermission'), hangs('getPermission') ? never : permission),
    requestPermission: async () => {
      calls.push('requestPermission');
      if (hangs('requestPermission')) return never;
      const answer = init.answer ?? 'granted';
      if (answer !== 'default') permission = answer; // dismissing the prompt leaves it at default
      return answer;
    },
    getSubscription: async () => (calls.push('getSubscription'), hangs('getSubscription') ? never : subscription),
    subscribe: async (key) => {
      calls.push(`subscribe:${key}`);
      if (hangs('subscribe')) return never;
      if (init.failSubscribe === true) throw new Error('push service unavailable');
      subscription = `sub-${++n}`;
      return subscription;
    },
    unsubscribe: async () => {
      calls.push('unsubscribe');
      if (hangs('unsubscribe')) return never;
      const had = subscription !== null;
      subscription = null;
      return had;
    },
  };
  return { messaging, calls, prompts: () => calls.filter((c) => c === 'requestPermission').length };
}
