'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { type ContactInput, contactSchema, contactTopics, limits } from '@/lib/form-rules';
import { FormAlertText, FormSuccess, useErrorText } from './form-messages';
import { useFormSubmit } from './use-form-submit';

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/** The contact form (/contact-us): email, name, optional topic and the inquiry. */
export function ContactForm() {
  const t = useTranslations('Contact');
  const forms = useTranslations('Forms');
  const errorText = useErrorText();
  const locale = useLocale();
  const form = useFormSubmit('/api/mms/contact/v1/messages');
  const [sentTo, setSentTo] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: ContactInput = {
      email: text(data, 'email'),
      name: text(data, 'name'),
      topic: text(data, 'topic') as ContactInput['topic'],
      inquiry: text(data, 'inquiry'),
      locale,
    };
    setSentTo(body.email.trim());
    void form.submit(contactSchema, body);
  }

  if (form.succeeded) {
    return (
      <FormSuccess successRef={form.successRef}>
        <p>{t('successText', { email: sentTo })}</p>
        <button
          type="button"
          className="mt-4 font-semibold text-accent-700 underline"
          onClick={form.reset}
        >
          {t('sendAnother')}
        </button>
      </FormSuccess>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-5">
      <FormAlertText alert={form.alert} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          label={forms('email')}
          maxLength={limits.email}
          error={errorText(form.errors.email)}
        />
        <TextField
          id="contact-name"
          name="name"
          autoComplete="name"
          label={forms('name')}
          maxLength={limits.name}
          error={errorText(form.errors.name)}
        />
      </div>
      <SelectField
        id="contact-topic"
        name="topic"
        label={`${t('topic')} (${forms('optional')})`}
        hint={t('topicHint')}
        placeholder={t('topicNone')}
        options={contactTopics.map((topic) => ({ value: topic, label: t(`topics.${topic}`) }))}
        error={errorText(form.errors.topic)}
      />
      <TextAreaField
        id="contact-inquiry"
        name="inquiry"
        label={t('inquiry')}
        hint={t('inquiryHint')}
        maxLength={limits.inquiry}
        rows={6}
        error={errorText(form.errors.inquiry)}
      />
      <Button type="submit" busy={form.sending}>
        {t('submit')}
      </Button>
    </form>
  );
}
