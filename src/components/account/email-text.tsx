import { Fragment } from 'react';
import { emailParts } from './email-parts';

/**
 * An email address that wraps at its "@" and dots (`<wbr>`) when the column is too narrow; only
 * a part longer than a whole line breaks inside itself (`break-words`). Always left to right.
 */
export function EmailText({ email }: { email: string }) {
  return (
    <span dir="ltr" className="break-words" data-email="">
      {emailParts(email).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
