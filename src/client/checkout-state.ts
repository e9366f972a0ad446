// The steps of a purchase in the browser, the same for a plan and a gift card: idle → starting →
// waiting for the buyer to approve at PayPal (in another tab or window) → confirming a payment
// the provider still holds → paid; a cancel or a failure goes back to idle with what happened.
// Pure: use-checkout.ts runs the requests, timers and tabs and reports each outcome here.
import type { CapturedOrder, OrderState } from './payments';

export type NoticeTone = 'info' | 'success' | 'error';

/** What the page says about the purchase. */
export interface Notice {
  tone: NoticeTone;
  text: string;
  /** Adds the way to log in (an email that already has an account with a password). */
  login?: boolean;
}

/** The order the buyer is approving at PayPal (stored as is by the gift card page). */
export interface PendingOrder {
  orderId: string;
  approveUrl: string;
}

/** A paid order, as the pages go on with it. */
export interface PaidOrder {
  orderId: string;
  /** The buyer's account was made by this checkout and is signed in to choose a password. */
  setPassword: boolean;
  /** Paid for an account without a password this browser cannot sign in to ('' otherwise). */
  claimEmail: string;
  /** The gift card's code (gift purchases, once issued). */
  giftCode: string | null;
  email: string;
}

export type CheckoutStep =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'waiting'; pending: PendingOrder; busy?: 'capture' | 'cancel' }
  | { kind: 'confirming'; pending: PendingOrder }
  | { kind: 'paid'; paid: PaidOrder };

export interface CheckoutState {
  step: CheckoutStep;
  /** The info or success text; on a page without `separate` problems, every text. */
  notice: Notice | null;
  /** The error text of a page that shows problems apart from its notices. */
  problem: Notice | null;
  /** Grows whenever the page shows a new step or text: the status region then takes the focus. */
  focusKey: number;
  /** The email typed last: the form comes back with it after a cancel or a failure. */
  typedEmail: string;
  /**
   * The page shows problems apart from its notices (an alert beside a status line): a failed
   * capture then keeps the notice, and capturing again clears only the problem.
   */
  separate: boolean;
}

export type CheckoutEvent =
  | { type: 'typed'; email: string }
  | { type: 'cleared' }
  | { type: 'starting' }
  /** PayPal opened in another tab or window. */
  | { type: 'opened'; pending: PendingOrder }
  /** An order kept from before a reload or a trip to PayPal in this tab. */
  | { type: 'resumed'; pending: PendingOrder }
  /** PayPal opens in this tab instead. */
  | { type: 'left' }
  | { type: 'startFailed'; message: Notice | null }
  | { type: 'capturing'; pending: PendingOrder }
  | { type: 'cancelling'; pending: PendingOrder }
  | { type: 'confirming'; pending: PendingOrder; message: Notice }
  /** Not paid yet (pending at the provider, a refused capture, a confirmation that timed out). */
  | { type: 'notPaid'; pending: PendingOrder; message: Notice | null }
  | { type: 'paid'; paid: PaidOrder; message: Notice | null }
  | { type: 'cancelled'; message: Notice | null }
  | { type: 'failed'; message: Notice | null }
  /** Another purchase after a paid one. */
  | { type: 'restarted' };

export function initialCheckoutState(
  options: { notice?: Notice | null; separate?: boolean } = {},
): CheckoutState {
  return {
    step: { kind: 'idle' },
    notice: options.notice ?? null,
    problem: null,
    focusKey: 0,
    typedEmail: '',
    separate: options.separate ?? false,
  };
}

/** Shows `message` in place of the texts before it, and moves the focus to it. */
function say(state: CheckoutState, step: CheckoutStep, message: Notice | null): CheckoutState {
  const apart = state.separate && message?.tone === 'error';
  return {
    ...state,
    step,
    notice: apart ? null : message,
    problem: apart ? message : null,
    focusKey: state.focusKey + 1,
  };
}

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'typed':
      return { ...state, typedEmail: event.email };
    case 'cleared':
      return { ...state, notice: null, problem: null };
    case 'starting':
      return { ...state, step: { kind: 'starting' }, notice: null, problem: null };
    case 'opened':
      return say(state, { kind: 'waiting', pending: event.pending }, null);
    case 'resumed':
      return { ...state, step: { kind: 'waiting', pending: event.pending } };
    case 'left':
    case 'restarted':
      return { ...state, step: { kind: 'idle' } };
    case 'startFailed':
      // No text: the page marks the field the answer is about and moves the focus there.
      if (!event.message) return { ...state, step: { kind: 'idle' } };
      return say(state, { kind: 'idle' }, event.message);
    // Only a waiting order is captured or cancelled (the buttons and the looks check it too).
    case 'capturing':
      if (state.step.kind !== 'waiting') return state;
      return {
        ...state,
        step: { kind: 'waiting', pending: event.pending, busy: 'capture' },
        problem: state.separate ? null : state.problem,
      };
    case 'cancelling':
      if (state.step.kind !== 'waiting') return state;
      return { ...state, step: { kind: 'waiting', pending: event.pending, busy: 'cancel' } };
    case 'confirming':
      return say(state, { kind: 'confirming', pending: event.pending }, event.message);
    case 'notPaid': {
      const step: CheckoutStep = { kind: 'waiting', pending: event.pending };
      if (state.separate && event.message?.tone === 'error') {
        return { ...state, step, problem: event.message, focusKey: state.focusKey + 1 };
      }
      return say(state, step, event.message);
    }
    case 'paid':
      // Paid is final: a second report of the same payment changes nothing.
      if (state.step.kind === 'paid') return state;
      return say(state, { kind: 'paid', paid: event.paid }, event.message);
    case 'cancelled':
    case 'failed':
      return say(state, { kind: 'idle' }, event.message);
  }
}

/** A paid order from the API's answer about it (none when a repeated capture failed). */
export function paidOrder(
  orderId: string,
  answer: (OrderState & Partial<Pick<CapturedOrder, 'set_password' | 'verify_email'>>) | null,
): PaidOrder {
  return {
    orderId,
    setPassword: answer?.set_password ?? false,
    claimEmail: answer?.verify_email ? answer.email : '',
    giftCode: answer?.gift_code ?? null,
    email: answer?.email ?? '',
  };
}
