import { describe, expect, it } from 'vitest';
import {
  clearSetPassword,
  paymentSuccessKey,
  setPasswordKey,
  setPaymentSuccess,
  setSetPassword,
} from './payment-store';

const needsPasswordFor = (orderId: string, storage?: { getItem(key: string): string | null }) =>
  storage?.getItem(setPasswordKey) === orderId;

function memory() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('payment store', () => {
  it('remembers the paid order and whose password is still to choose', () => {
    const storage = memory();
    setPaymentSuccess('o1', storage);
    expect(storage.items.get(paymentSuccessKey)).toBe('o1');
    setSetPassword('o1', true, storage);
    expect(needsPasswordFor('o1', storage)).toBe(true);
    expect(needsPasswordFor('o2', storage)).toBe(false);
    // A later capture of the same order (a second tab) does not take the step away.
    setSetPassword('o2', false, storage);
    expect(needsPasswordFor('o1', storage)).toBe(true);
    setSetPassword('o1', false, storage);
    expect(needsPasswordFor('o1', storage)).toBe(false);
    setSetPassword('o3', true, storage);
    clearSetPassword(storage);
    expect(needsPasswordFor('o3', storage)).toBe(false);
  });

  it('works without storage (private mode)', () => {
    expect(() => setPaymentSuccess('o1', undefined)).not.toThrow();
    expect(needsPasswordFor('o1', undefined)).toBe(false);
  });
});
