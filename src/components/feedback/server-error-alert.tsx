import type { ReactNode } from 'react';

/**
 * A form's server error that concerns no single field, at the top of the form (its id is the
 * one useServerError (src/client/use-server-error.ts) gives the form's aria-describedby). Renders nothing without a message.
 */
export function ServerErrorAlert({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p
      id={id}
      role="alert"
      data-server-error=""
      className="rounded-lg border border-error-700 bg-white px-4 py-3 font-medium text-error-700"
    >
      {children}
    </p>
  );
}
