/** The session cookie keeps the spec's name (spec 3); it is HttpOnly, see ARCHITECTURE.md. */
export const sessionCookieName = 'paypal_token';

/**
 * A non-HttpOnly companion of the session cookie holding the account's user id: it tells static
 * pages' header that a session may exist, so they ask the profile endpoint only then, and gives
 * analytics events their user_id. It grants nothing.
 */
export const sessionHintCookieName = 'signed_in';

/**
 * HttpOnly cookie of a buyer without a session: the token of the order this browser started. It
 * lets the buyer follow that order through the API and reach the provider's return page
 * (`/paystatus…`, in the protected group) before checkout signs a new account in.
 */
export const checkoutCookieName = 'checkout_token';
