import 'server-only';
import { ApiError } from '@/server/api/errors';

// Body codes of the payments API (docs/api.md, Payments). Like the accounts API, none is 401 or
// 403: the site's client treats those two as "signed out" (spec 8).
export const paymentErrorCodes = {
  planNotFound: 40402,
  orderNotFound: 40403,
  alreadyPurchased: 40902,
  accountHasPassword: 40903,
  notApproved: 40904,
  giftCodeUsed: 40905,
  paymentFailed: 40201,
  giftCodeInvalid: 40010,
  refundNotEligible: 40011,
  autoRenewOnlyByPurchase: 40012,
  planChangeNeedsRenewal: 40013,
  networkError: 50301,
} as const;

export const paymentErrors = {
  planNotFound: () =>
    new ApiError(404, paymentErrorCodes.planNotFound, 'This plan does not exist.'),
  // Unknown and someone else's orders answer alike, so order ids cannot be probed.
  orderNotFound: () => new ApiError(404, paymentErrorCodes.orderNotFound, 'Order not found.'),
  alreadyPurchased: () =>
    new ApiError(
      409,
      paymentErrorCodes.alreadyPurchased,
      'The plan had purchased. You can upgrade the new plan.',
    ),
  accountHasPassword: () =>
    new ApiError(
      409,
      paymentErrorCodes.accountHasPassword,
      'This email already has an account. Log in to continue.',
    ),
  notApproved: () =>
    new ApiError(
      409,
      paymentErrorCodes.notApproved,
      'The payment is not complete yet. Finish it on the PayPal page, then press Completed.',
    ),
  paymentFailed: (reason?: string) =>
    new ApiError(
      402,
      paymentErrorCodes.paymentFailed,
      'Payment Failed.',
      reason ? { reason } : undefined,
    ),
  networkError: () =>
    new ApiError(503, paymentErrorCodes.networkError, 'Network error, payment failed.'),
  giftCodeInvalid: () =>
    new ApiError(400, paymentErrorCodes.giftCodeInvalid, 'This gift card code is not valid.'),
  giftCodeUsed: () =>
    new ApiError(409, paymentErrorCodes.giftCodeUsed, 'This gift card has already been redeemed.'),
  refundNotEligible: (why: string) => new ApiError(400, paymentErrorCodes.refundNotEligible, why),
  autoRenewOnlyByPurchase: () =>
    new ApiError(
      409,
      paymentErrorCodes.autoRenewOnlyByPurchase,
      'Auto-renewal can be turned back on only while a plan bought on the website still runs. Buy a plan to continue.',
    ),
  planChangeNeedsRenewal: () =>
    new ApiError(
      409,
      paymentErrorCodes.planChangeNeedsRenewal,
      'A plan can be changed only while its auto-renewal is on. Turn auto-renewal on, or buy a plan.',
    ),
};
