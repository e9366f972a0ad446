// The plain2 layout's "Secure checkout" mark belongs to the pages of a payment (checkout, the
// return and status pages, the order page), not to a gift card redemption, where nothing is paid.

/** Pages of the plain2 layout (its child route segment) that are not part of a payment. */
const notPayments = new Set(['redeem-suc']);

/** Whether the page under the plain2 layout, named by its route segment, shows the mark. */
export function showsSecureCheckout(segment: string | null): boolean {
  return segment === null || !notPayments.has(segment);
}
