import type { SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled native select with an optional hint and error text (same frame as TextField), so
 * keyboard, screen reader and mobile pickers all work without script.
 */
export function SelectField({
  id,
  label,
  hint,
  error,
  options,
  placeholder,
  ...select
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  options: readonly SelectOption[];
  /** The first, empty choice ("Choose a topic"). */
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'>) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <select
        id={id}
        name={id}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-navy-900 aria-[invalid=true]:border-error-700"
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length ? described.join(' ') : undefined}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
