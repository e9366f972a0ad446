'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { limits, newsletterSubscribeSchema } from '@/lib/form-rules';
import { FormAlertText, FormSuccess, useErrorText } from './form-messages';
import { useFormSubmit } from './use-form-submit';

/** Step one of the double opt-in: the address, then "check your inbox". */
export function NewsletterForm() {
  const t = useTranslations('Newsletter');
  const forms = useTranslations('Forms');
  const errorText = useErrorText();
  const locale = useLocale();
  const form = useFormSubmit('/api/mms/newsletter/v1/subscribe');
  const [sentTo, setSentTo] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setSentTo(email.trim());
    void form.submit(newsletterSubscribeSchema, { email, locale });
  }

  if (form.succeeded) {
    return (
      <FormSuccess successRef={form.successRef}>
        <p>{t('successText', { email: sentTo })}</p>
      </FormSuccess>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <FormAlertText alert={form.alert} />
      <TextField
        id="newsletter-email"
        name="email"
        type="email"
        autoComplete="email"
        label={forms('email')}
        maxLength={limits.email}
        error={errorText(form.errors.email)}
      />
      <Button type="submit" busy={form.sending}>
        {t('submit')}
      </Button>
    </form>
  );
}
