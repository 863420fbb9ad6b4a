// Test support only (not exported from any entry point).
import type { MessagingService, PushPermission } from '../push';

/**
 * The browser and the member, scripted: what the prompt answers, whether push exists, and a
 * record of every call so tests can prove no prompt happened.
 */
export function browser(init: { supported?: boolean; permission?: PushPermission; answer?: PushPermission; subscribed?: boolean; failSubscribe?: boolean } = {}) {
  const calls: string[] = [];
  let permission: PushPermission = init.permission ?? 'default';
  let subscription: string | null = init.subscribed === true ? 'sub-existing' : null;
  let n = 0;
  const messaging: MessagingService<string> = {
    isSupported: () => (calls.push('isSupported'), init.supported ?? true),
    getPermission: () => (calls.push('getPermission'), permission),
    requestPermission: async () => {
      calls.push('requestPermission');
      const answer = init.answer ?? 'granted';
      if (answer !== 'default') permission = answer; // dismissing the prompt leaves it at default
      return answer;
    },
    getSubscription: async () => (calls.push('getSubscription'), subscription),
    subscribe: async (key) => {
      calls.push(`subscribe:${key}`);
      if (init.failSubscribe === true) throw new Error('push service unavailable');
      subscription = `sub-${++n}`;
      return subscription;
    },
    unsubscribe: async () => {
      calls.push('unsubscribe');
      const had = subscription !== null;
      subscription = null;
      return had;
    },
  };
  return { messaging, calls, prompts: () => calls.filter((c) => c === 'requestPermission').length };
}

