// What each step of a purchase asks the payments API and what the answer moves the page to,
// for use-checkout.ts: the plan checkout follows the buyer through the other tab (TabFollow),
// the gift card page by asking for the order (PollFollow). Made once per page; reads the page's
// current step and setup through refs, so the hook's effects can call it at any time.
import type { CheckoutChannel, CheckoutMessage } from './checkout-channel';
import {
  type CheckoutEvent,
  type CheckoutState,
  type Notice,
  type PaidOrder,
  type PendingOrder,
  paidOrder,
} from './checkout-state';
import { type PaymentApi, problemOf, type StartInput } from './payments';
import { removeItem, session, writeItem } from './storage';

/**
 * The plan checkout's way: the return page in PayPal's tab reports here over the checkout
 * channel; when the buyer comes back (focus, visibility, PayPal's window closed) the tab looks
 * once whether the payment went through; a payment the provider still holds is followed for
 * two minutes. Texts: `confirming` while following it, `timedOut` after, `failed` when it ended.
 */
export interface TabFollow {
  kind: 'tab';
  confirming: string;
  timedOut: string;
  failed: string;
}

/**
 * The gift card page's way: the order is asked for every `everyMs` while the buyer is away, and
 * kept in session storage under `resumeKey`, so a reload or a return from PayPal in this tab
 * picks it up again. Texts: `processing` for a payment the provider still holds, `failed`.
 */
export interface PollFollow {
  kind: 'poll';
  everyMs: number;
  resumeKey: string;
  processing: string;
  failed: string;
}

export interface CheckoutSetup {
  /**
   * new-tab: PayPal opens in a new tab after the order is made (in this one when that is
   * blocked, the page staying busy until it leaves). prepared-tab: a blank tab is opened at
   * once, while the click still counts as the user's, and sent to PayPal when the order is made
   * (blocked: this tab goes, the form left as it was). this-window: PayPal opens here.
   */
  open: 'new-tab' | 'prepared-tab' | 'this-window';
  follow: TabFollow | PollFollow;
  /** The page's text for a failed start or capture; null: the page marks a field instead. */
  describe(error: unknown, during: 'start' | 'capture'): Notice | null;
  cancelledText: string;
  /** What counts as done for this page (a gift card: once its code is issued); any paid order else. */
  done?(paid: PaidOrder): boolean;
  /** What the page says once paid (nothing without it). */
  paidNotice?(paid: PaidOrder): Notice | null;
  /** Runs once when the order is paid: records it, tracks it, moves on. */
  onPaid?(paid: PaidOrder): void;
  /** Problems shown apart from notices (see CheckoutState.separate). */
  separateProblems?: boolean;
  /** The text shown first. */
  initialNotice?: Notice | null;
}

const anyPaid = () => true;

export interface FlowDeps {
  /** The payments API (the site's client in the page). */
  api: PaymentApi;
  dispatch: (event: CheckoutEvent) => void;
  now: { current: CheckoutState };
  options: { current: CheckoutSetup };
  popup: { current: Window | null };
  capturing: { current: boolean };
  polling: { current: AbortController | null };
}

/** The purchase's requests and what each answer moves the page to (made once per page). */
export function checkoutFlows(deps: FlowDeps) {
  const { api, dispatch, now, options, popup, capturing, polling } = deps;
  const isDone = (paid: PaidOrder) => (options.current.done ?? anyPaid)(paid);

  /** The order kept for a reload (gift card page) is no longer waited for. */
  function forget() {
    const follow = options.current.follow;
    if (follow.kind === 'poll') removeItem(session(), follow.resumeKey);
  }

  function finish(paid: PaidOrder) {
    if (now.current.step.kind === 'paid') return;
    polling.current?.abort();
    forget();
    const setup = options.current;
    dispatch({ type: 'paid', paid, message: setup.paidNotice?.(paid) ?? null });
    setup.onPaid?.(paid);
  }

  function ended(outcome: 'cancelled' | 'failed', message: Notice | null) {
    if (outcome === 'cancelled') popup.current = null;
    forget();
    dispatch({ type: outcome, message });
  }

  const cancelled = () => ended('cancelled', { tone: 'info', text: options.current.cancelledText });

  /** A capture answered pending: the provider still holds the payment. */
  async function confirm(pending: PendingOrder) {
    const follow = options.current.follow;
    if (follow.kind === 'poll') {
      dispatch({ type: 'notPaid', pending, message: { tone: 'info', text: follow.processing } });
      return;
    }
    dispatch({ type: 'confirming', pending, message: { tone: 'info', text: follow.confirming } });
    polling.current?.abort();
    const controller = new AbortController();
    polling.current = controller;
    const outcome = await api.pollOrder(pending.orderId, { signal: controller.signal });
    if (outcome === 'aborted') return;
    if (outcome === 'paid') {
      // Capturing the paid order again is answered at once and signs a new buyer in.
      const again = await api.capture(pending.orderId).catch(() => null);
      finish(paidOrder(pending.orderId, again));
    } else if (outcome === 'failed') {
      ended('failed', { tone: 'error', text: follow.failed });
    } else {
      dispatch({ type: 'notPaid', pending, message: { tone: 'info', text: follow.timedOut } });
    }
  }

  /** Completed (or the return page, the tab's focus): asks the provider to take the payment. */
  async function capture(pending: PendingOrder, auto: boolean) {
    if (capturing.current) return;
    capturing.current = true;
    if (!auto) dispatch({ type: 'capturing', pending });
    try {
      const answer = await api.capture(pending.orderId);
      const paid = paidOrder(pending.orderId, answer);
      if (answer.state === 'paid' && isDone(paid)) finish(paid);
      else if (answer.state === 'cancelled') cancelled();
      else await confirm(pending);
    } catch (error: unknown) {
      const problem = problemOf(error);
      // A look on the buyer's return to this tab: not paid yet is no news.
      if (auto && problem === 'notApproved') return;
      const message = options.current.describe(error, 'capture');
      if (problem === 'paymentFailed') ended('failed', message);
      else dispatch({ type: 'notPaid', pending, message });
    } finally {
      capturing.current = false;
    }
  }

  async function cancel() {
    const step = now.current.step;
    if (step.kind !== 'waiting') return;
    dispatch({ type: 'cancelling', pending: step.pending });
    try {
      await api.cancel(step.pending.orderId);
    } catch {
      // Nothing was charged either way; the order simply stays unpaid (or the poll tells).
    }
    popup.current?.close();
    cancelled();
  }

  async function start(input: StartInput): Promise<unknown> {
    const setup = options.current;
    // Opened now, while the click still counts as the user's, so popup blockers let it through.
    const prepared = setup.open === 'prepared-tab' ? window.open('', '_blank') : null;
    dispatch({ type: 'starting' });
    try {
      const started = await api.startCheckout(input);
      const url = started.approve_url;
      const pending = { orderId: started.order_id, approveUrl: url };
      if (setup.follow.kind === 'poll') {
        writeItem(session(), setup.follow.resumeKey, JSON.stringify(pending));
      }
      if (setup.open === 'this-window') {
        window.location.assign(url);
      } else if (setup.open === 'prepared-tab') {
        if (prepared && !prepared.closed) {
          prepared.opener = null;
          prepared.location.href = url;
          dispatch({ type: 'opened', pending });
        } else {
          // No new window: pay in this tab; the page resumes when the buyer returns.
          window.location.assign(url);
          dispatch({ type: 'left' });
        }
      } else {
        const opened = window.open(url, '_blank');
        // A blocked new window: PayPal opens here instead and returns to this site's result page.
        if (!opened) {
          window.location.assign(url);
        } else {
          popup.current = opened;
          dispatch({ type: 'opened', pending });
        }
      }
      return undefined;
    } catch (error: unknown) {
      prepared?.close();
      dispatch({ type: 'startFailed', message: setup.describe(error, 'start') });
      return error;
    }
  }

  /** What the order's state says while the buyer is away (gift card page). */
  function polled(status: string, paid: PaidOrder) {
    const follow = options.current.follow;
    if (follow.kind !== 'poll') return;
    if (status === 'paid') {
      if (isDone(paid)) finish(paid);
    } else if (status === 'cancelled') cancelled();
    else if (status === 'failed') ended('failed', { tone: 'error', text: follow.failed });
  }

  /** A message of the return page in the other tab (plan checkout). */
  function message(heard: CheckoutMessage, channel: CheckoutChannel) {
    if (heard.type === 'ack') return;
    const step = now.current.step;
    if (step.kind !== 'waiting' && step.kind !== 'confirming') return;
    if (step.pending.orderId !== heard.order) return;
    channel.post({ type: 'ack', order: heard.order });
    if (heard.type === 'paid') {
      finish({
        orderId: heard.order,
        setPassword: heard.setPassword,
        claimEmail: heard.claimEmail ?? '',
        giftCode: null,
        email: '',
      });
    } else if (heard.type === 'cancelled') cancelled();
    else if (step.kind === 'waiting') void capture(step.pending, false);
  }

  return { start, capture, cancel, ended, polled, message };
}
