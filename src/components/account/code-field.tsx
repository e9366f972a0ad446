'use client';

import { useTranslations } from 'next-intl';
import { TextField } from '../ui/form-field';

/** The 6-digit code from the email (field `code`), as every code step asks for it. Needs Auth. */
export function CodeField({ error, required }: { error?: string; required?: boolean }) {
  const t = useTranslations('Auth');
  return (
    <TextField
      id="code"
      label={t('code')}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      required={required}
      error={error}
    />
  );
}
