// The changed-price mark: on when the element is added, off 1.2 s later, with no animation left
// running (an animation restyled the element on every frame while it ran).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH_CLASS, FLASH_MS } from './flash';
import type * as FlashModule from './flash';

// A fresh copy of the module for each test, under fake timers: the web tests share modules
// between files (isolate: false), and a table rendered by an earlier file may have left marks.
let flashRef: typeof FlashModule.flashRef;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.resetModules();
  ({ flashRef } = await import('./flash'));
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

function marked(): HTMLElement {
  const el = document.createElement('b');
  el.className = `${FLASH_CLASS} rounded-sm`;
  flashRef(el);
  return el;
}

describe('flashRef', () => {
  it('takes the mark off after FLASH_MS, leaving the other classes', () => {
    const el = marked();
    vi.advanceTimersByTime(FLASH_MS - 100);
    expect(el.classList.contains(FLASH_CLASS)).toBe(true);
    vi.advanceTimersByTime(100);
    expect(el.className).toBe('rounded-sm');
  });

  it('ends each mark FLASH_MS after its own element was added, with one timer', () => {
    const first = marked();
    vi.advanceTimersByTime(500);
    const second = marked();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(FLASH_MS - 500);
    expect(first.classList.contains(FLASH_CLASS)).toBe(false);
    expect(second.classList.contains(FLASH_CLASS)).toBe(true);
    vi.advanceTimersByTime(500);
    expect(second.classList.contains(FLASH_CLASS)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('marks nothing in a hidden tab, and lets every mark go when the tab is hidden', () => {
    const shown = marked();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(shown.classList.contains(FLASH_CLASS)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    const hidden = marked();
    expect(hidden.classList.contains(FLASH_CLASS)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores React letting go of the element', () => {
    expect(() => flashRef(null)).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });
});
