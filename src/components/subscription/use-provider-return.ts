'use client';

import { useEffect, useRef } from 'react';

/** What PayPal adds to the address it sends a subscriber back to. */
const providerParams = ['subscription_id', 'ba_token', 'token'];

/**
 * Back from PayPal on this page: once, `onReturn` gets the outcome our return address carries
 * in `param` ('approved' or 'cancelled') and the address's query, after that parameter, `ours`
 * and PayPal's own references were dropped from the address bar.
 */
export function useProviderReturn(
  param: string,
  ours: string[],
  onReturn: (outcome: string, query: URLSearchParams) => void,
): void {
  const handled = useRef(false);
  const latest = useRef(onReturn);
  latest.current = onReturn;
  const names = [param, ...ours, ...providerParams].join(' ');
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get(param);
    if (!outcome || handled.current) return;
    handled.current = true;
    const query = new URLSearchParams(url.searchParams);
    for (const name of names.split(' ')) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', url);
    latest.current(outcome, query);
  }, [param, names]);
}
