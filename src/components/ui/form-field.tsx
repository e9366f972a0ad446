import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface FieldFrame {
  id: string;
  label: string;
  hint?: string;
  /** The validation message; marks the control invalid and is announced with it. */
  error?: string;
}

const controlClass =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-navy-900 placeholder:text-slate-600 aria-[invalid=true]:border-error-700 border-slate-300';

function Frame({ id, label, hint, error, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy({ id, hint, error }: FieldFrame): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A labelled input with an optional hint and error text, wired for screen readers. */
export function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={id}
        className={controlClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, label, hint, error })}
        {...input}
      />
    </Frame>
  );
}

/** The multi-line variant of TextField. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  ...textarea
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        name={id}
        rows={5}
        className={controlClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, label, hint, error })}
        {...textarea}
      />
    </Frame>
  );
}
