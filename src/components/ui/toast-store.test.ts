import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentToasts,
  dismissToast,
  maxToasts,
  showToast,
  subscribeToasts,
  toastDurationMs,
} from './toast-store';

const messages = () => currentToasts().map((toast) => toast.message);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    for (const toast of currentToasts()) dismissToast(toast.id);
    vi.useRealTimers();
  });

  it('stacks toasts oldest first, at most three: the oldest gives way', () => {
    for (const message of ['one', 'two', 'three', 'four']) showToast('success', message);
    expect(maxToasts).toBe(3);
    expect(messages()).toEqual(['two', 'three', 'four']);
    expect(new Set(currentToasts().map((toast) => toast.id)).size).toBe(3);
  });

  it('shows the same text of the same kind once while it is on show', () => {
    showToast('error', 'Network error');
    showToast('error', 'Network error');
    showToast('success', 'Network error');
    expect(currentToasts().map((toast) => toast.kind)).toEqual(['error', 'success']);
  });

  it('takes each toast away after 5 s, or when dismissed, and tells the region', () => {
    const listener = vi.fn();
    const stop = subscribeToasts(listener);
    showToast('error', 'first');
    vi.advanceTimersByTime(1_000);
    showToast('warning', 'second');
    expect(listener).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(toastDurationMs - 1_000);
    expect(messages()).toEqual(['second']);
    const [second] = currentToasts();
    dismissToast(second?.id ?? -1);
    expect(messages()).toEqual([]);
    stop();
    showToast('success', 'unheard');
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
