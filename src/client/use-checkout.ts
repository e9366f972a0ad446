// The purchase in the browser, for the plan checkout and the gift card page alike: starts the
// order, opens PayPal, follows the approval in the other tab, captures, cancels. The steps and
// texts are checkout-state.ts's reducer; this hook runs the requests, timers and tabs around it.
import { useEffect, useReducer, useRef, useState } from 'react';
import { openCheckoutChannel } from './checkout-channel';
import { type CheckoutSetup, checkoutFlows } from './checkout-flows';
import {
  type CheckoutState,
  checkoutReducer,
  initialCheckoutState,
  type PendingOrder,
  paidOrder,
} from './checkout-state';
import { paymentApi, problemOf, type StartInput } from './payments';
import { readJson, session } from './storage';

export type { CheckoutSetup, PollFollow, TabFollow } from './checkout-flows';
export type { Notice, PaidOrder } from './checkout-state';

/** The buyer's return to the checkout tab is looked at no more often than this. */
export const returnLookGapMs = 4000;
/** How often the checkout tab looks whether PayPal's window was closed. */
export const windowWatchMs = 1000;

export interface Checkout {
  state: CheckoutState;
  /** Keeps the email typed, for the form to show it again. */
  keepEmail(email: string): void;
  clearMessages(): void;
  /** Starts the purchase; resolves with the error it failed with, for the page to mark fields. */
  start(input: StartInput): Promise<unknown>;
  /** Completed: asks the provider to take the payment. */
  capture(): void;
  cancel(): void;
  /** Opens PayPal's page of the waiting order again. */
  reopen(): void;
  /** Back to the form after a paid purchase. */
  restart(): void;
}

export function useCheckout(setup: CheckoutSetup): Checkout {
  const [state, dispatch] = useReducer(checkoutReducer, setup, (first) =>
    initialCheckoutState({ notice: first.initialNotice, separate: first.separateProblems }),
  );
  const now = useRef(state);
  now.current = state;
  const options = useRef(setup);
  options.current = setup;
  // How the page follows the buyer is chosen once, when it mounts.
  const [follow] = useState(() => setup.follow.kind);
  const popup = useRef<Window | null>(null);
  const capturing = useRef(false);
  const lastLook = useRef(0);
  const polling = useRef<AbortController | null>(null);
  const [run] = useState(() =>
    checkoutFlows({ api: paymentApi, dispatch, now, options, popup, capturing, polling }),
  );

  // The return page in the other tab reports here; the order it names must be the one waited for.
  useEffect(() => {
    if (follow !== 'tab') return;
    const opened = openCheckoutChannel();
    const stop = opened.subscribe((message) => run.message(message, opened));
    return () => {
      stop();
      opened.close();
    };
  }, [follow, run]);

  useEffect(() => () => polling.current?.abort(), []);

  // Back in this tab (PayPal's tab closed, or the buyer switched back): look once whether the
  // payment went through, so the page moves on by itself.
  const waiting = state.step.kind === 'waiting';
  useEffect(() => {
    if (follow !== 'tab' || !waiting) return;
    const look = () => {
      const step = now.current.step;
      if (step.kind !== 'waiting' || step.busy || document.visibilityState !== 'visible') return;
      if (Date.now() - lastLook.current < returnLookGapMs) return;
      lastLook.current = Date.now();
      void run.capture(step.pending, true);
    };
    window.addEventListener('focus', look);
    document.addEventListener('visibilitychange', look);
    const watch = window.setInterval(() => {
      if (popup.current?.closed) {
        popup.current = null;
        look();
      }
    }, windowWatchMs);
    return () => {
      window.removeEventListener('focus', look);
      document.removeEventListener('visibilitychange', look);
      window.clearInterval(watch);
    };
  }, [follow, waiting, run]);

  // A payment begun in this tab before a reload (or a same-tab trip to PayPal) is resumed.
  useEffect(() => {
    const kept = options.current.follow;
    if (kept.kind !== 'poll') return;
    const saved = readJson<PendingOrder>(session(), kept.resumeKey);
    if (saved?.orderId && saved.approveUrl) dispatch({ type: 'resumed', pending: saved });
  }, []);

  // While the buyer is away the order is asked for, so a payment completed by the return page
  // in the other tab shows here.
  const waitingFor = state.step.kind === 'waiting' ? state.step.pending.orderId : null;
  useEffect(() => {
    const kept = options.current.follow;
    if (kept.kind !== 'poll' || !waitingFor) return;
    let stopped = false;
    const check = async () => {
      try {
        const view = await paymentApi.order(waitingFor);
        if (!stopped) run.polled(view.status, paidOrder(waitingFor, view));
      } catch (error: unknown) {
        // An order this browser cannot see any more (other account, expired cookie): start over.
        if (!stopped && problemOf(error) === 'orderNotFound') run.ended('failed', null);
      }
    };
    void check();
    const timer = setInterval(() => void check(), kept.everyMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waitingFor, run]);

  return {
    state,
    keepEmail: (email) => dispatch({ type: 'typed', email }),
    clearMessages: () => dispatch({ type: 'cleared' }),
    start: run.start,
    capture: () => {
      const step = now.current.step;
      if (step.kind === 'waiting') void run.capture(step.pending, false);
    },
    cancel: () => void run.cancel(),
    reopen: () => {
      const step = now.current.step;
      if (step.kind !== 'waiting') return;
      const again = window.open(step.pending.approveUrl, '_blank');
      if (again) popup.current = again;
      else window.location.assign(step.pending.approveUrl);
    },
    restart: () => dispatch({ type: 'restarted' }),
  };
}
