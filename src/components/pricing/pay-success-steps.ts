// What /paySuc shows below the order, and in which order. Decided only from what the server
// knows (the account's password state and whether this order made the account), never from the
// tab's session storage: the page looks the same on every load, before and after hydration.

export type PaySuccessBlock =
  /** "Your account was made with this payment. Choose a password …" */
  | 'intro'
  /** The set-password card. */
  | 'password'
  /** "Your password is set …" */
  | 'done'
  /** Go to my account, Download the apps. */
  | 'links';

export function paySuccessBlocks(state: {
  /** The account had a password when the page was rendered. */
  hadPassword: boolean;
  /** A password has been chosen on this page since. */
  passwordSet: boolean;
  /** This order made the account (the buyer gave only an email). */
  madeAccount: boolean;
}): PaySuccessBlock[] {
  if (state.hadPassword) return ['links'];
  if (state.passwordSet) return ['done', 'links'];
  return state.madeAccount ? ['intro', 'password', 'links'] : ['password', 'links'];
}
