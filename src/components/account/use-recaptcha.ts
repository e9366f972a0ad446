'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { createRecaptcha, type Recaptcha } from '@/client/recaptcha';
import { showToast } from '../ui/toast';

/** The reCAPTCHA v3 loader with its warnings shown as toasts (spec 8). */
export function useRecaptcha(siteKey: string | undefined): Recaptcha {
  const t = useTranslations('Toasts');
  return useMemo(
    () =>
      createRecaptcha({
        siteKey,
        onWarning: (warning) =>
          showToast(
            'warning',
            warning.kind === 'load-failed'
              ? t('recaptchaLoadFailed')
              : t('recaptchaFailed', { message: warning.message }),
          ),
      }),
    [siteKey, t],
  );
}
