'use client';

import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiRequestError, api } from '@/client/http';
import { type FieldError, type FormErrorKey, fieldErrors, isFormErrorKey } from '@/lib/form-rules';

/** What the form shows above its fields: a key of `Forms` and its values. */
export interface FormAlert {
  key: 'invalidEmailSummary' | 'fixErrors' | 'tooMany' | 'failed' | 'network';
  minutes?: number;
}

type Phase = 'idle' | 'sending' | 'success';

function serverFieldErrors(error: ApiRequestError): FieldError[] {
  const fields = (error.body.data as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: unknown) => {
    const { field, key } = (entry ?? {}) as { field?: unknown; key?: unknown };
    return typeof field === 'string' && isFormErrorKey(key) ? [{ field, key }] : [];
  });
}

/**
 * The life of a public form: check with the shared rule, send with the site's client, and map
 * the answer to field errors (first invalid field focused), an alert, or success (focused so
 * screen readers announce it).
 */
export function useFormSubmit(path: string) {
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Partial<Record<string, FormErrorKey>>>({});
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [focusField, setFocusField] = useState<{ name: string } | null>(null);

  useEffect(() => {
    if (!focusField) return;
    const target = formRef.current?.querySelector<HTMLElement>(`[name="${focusField.name}"]`);
    target?.focus();
  }, [focusField]);

  useEffect(() => {
    if (phase === 'success') successRef.current?.focus();
  }, [phase]);

  function showErrors(list: FieldError[]) {
    setErrors(Object.fromEntries(list.map(({ field, key }) => [field, key])));
    setAlert({
      key: list.some((e) => e.key === 'invalidEmail') ? 'invalidEmailSummary' : 'fixErrors',
    });
    const first = list[0];
    if (first) setFocusField({ name: first.field });
  }

  async function submit<S extends z.ZodType>(schema: S, body: z.input<S>): Promise<void> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setAlert(null);
    setPhase('sending');
    try {
      await api.request(path, { method: 'POST', body, quiet: true });
      setPhase('success');
    } catch (error: unknown) {
      setPhase('idle');
      if (!(error instanceof ApiRequestError)) {
        setAlert({ key: 'failed' });
        return;
      }
      const fields = error.status === 400 ? serverFieldErrors(error) : [];
      if (fields.length > 0) showErrors(fields);
      else if (error.status === 429) {
        const seconds = (error.body.data as { retry_after?: unknown } | undefined)?.retry_after;
        const minutes = typeof seconds === 'number' ? Math.max(1, Math.ceil(seconds / 60)) : 60;
        setAlert({ key: 'tooMany', minutes });
      } else setAlert({ key: error.status === 0 ? 'network' : 'failed' });
    }
  }

  return {
    formRef,
    successRef,
    errors,
    alert,
    sending: phase === 'sending',
    succeeded: phase === 'success',
    submit,
    reset: () => {
      setPhase('idle');
      setErrors({});
      setAlert(null);
    },
  };
}
