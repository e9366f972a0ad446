'use client';

import { useTranslations } from 'next-intl';
import { TextField } from '../ui/form-field';

/**
 * The new password and its confirmation (fields `password` and `confirm`), as the reset, change
 * and first-password forms ask for them. Needs the Auth and Validation messages.
 */
export function NewPasswordFields({ errors }: { errors: { password?: string; confirm?: string } }) {
  const ta = useTranslations('Auth');
  const tv = useTranslations('Validation');
  return (
    <>
      <TextField
        id="password"
        type="password"
        label={ta('newPassword')}
        hint={tv('passwordHint')}
        autoComplete="new-password"
        error={errors.password}
      />
      <TextField
        id="confirm"
        type="password"
        label={ta('confirmPassword')}
        autoComplete="new-password"
        error={errors.confirm}
      />
    </>
  );
}
