// What this tab remembers about a payment between the checkout or return page and /paySuc
// (the spec's store mutations "set payment success" and "set set-password"), in session
// storage so it stays with the tab and ends with it.
import { readItem, removeItem, session, writeItem } from '@/client/storage';

/** The id of the last order this tab saw paid. */
export const paymentSuccessKey = 'turbovpn.payment.success';
/** The id of the paid order whose new account still has to choose a password. */
export const setPasswordKey = 'turbovpn.payment.setPassword';

export function setPaymentSuccess(orderId: string, storage = session()): void {
  writeItem(storage, paymentSuccessKey, orderId);
}

export function setSetPassword(orderId: string, needed: boolean, storage = session()): void {
  if (needed) writeItem(storage, setPasswordKey, orderId);
  else if (readItem(storage, setPasswordKey) === orderId) removeItem(storage, setPasswordKey);
}

/** After the password is chosen the step is done, whatever order it came from. */
export function clearSetPassword(storage = session()): void {
  removeItem(storage, setPasswordKey);
}
