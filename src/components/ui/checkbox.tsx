import type { InputHTMLAttributes } from 'react';

/** One checkbox with its label beside it; a 24 px box inside a 44 px touch target. */
export function Checkbox({
  id,
  label,
  ...input
}: { id: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>) {
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input
        id={id}
        type="checkbox"
        className="size-5 shrink-0 rounded border-slate-300 accent-accent-700"
        {...input}
      />
      <label htmlFor={id} className="cursor-pointer">
        {label}
      </label>
    </div>
  );
}

/**
 * A group of checkboxes under a legend, with hint and error text tied to the group, so a screen
 * reader announces the question and the problem when the first box gets focus.
 */
export function CheckboxGroup({
  id,
  name,
  legend,
  hint,
  error,
  options,
  defaultChecked = [],
}: {
  id: string;
  name: string;
  legend: string;
  hint?: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  defaultChecked?: readonly string[];
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <fieldset id={id} aria-describedby={described.length ? described.join(' ') : undefined}>
      <legend className="font-medium">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 grid gap-x-6 sm:grid-cols-2">
        {options.map((option) => (
          <Checkbox
            key={option.value}
            id={`${id}-${option.value}`}
            name={name}
            value={option.value}
            label={option.label}
            defaultChecked={defaultChecked.includes(option.value)}
            aria-invalid={error ? true : undefined}
          />
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
