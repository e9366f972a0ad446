/** The session cookie keeps the spec's name (spec 3); it is HttpOnly, see ARCHITECTURE.md. */
export const sessionCookieName = 'paypal_token';
