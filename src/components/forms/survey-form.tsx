'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox';
import { TextAreaField } from '@/components/ui/form-field';
import { limits, type SurveyInput, surveyReasons, surveySchema } from '@/lib/form-rules';
import { FormAlertText, FormSuccess, useErrorText } from './form-messages';
import { useFormSubmit } from './use-form-submit';

/** The Chrome extension's uninstall survey: reasons as checkboxes plus free text. */
export function SurveyForm({ reinstallUrl }: { reinstallUrl: string }) {
  const t = useTranslations('Survey');
  const errorText = useErrorText();
  const locale = useLocale();
  const form = useFormSubmit('/api/mms/survey/v1/uninstall');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // The extension may open this page with its version (?version=1.2.3); anything odd is dropped.
    const version = new URLSearchParams(window.location.search).get('version') ?? '';
    const body: SurveyInput = {
      reasons: data.getAll('reasons').map(String) as SurveyInput['reasons'],
      comment: String(data.get('comment') ?? ''),
      version: /^[0-9A-Za-z.+-]{1,32}$/.test(version) ? version : undefined,
      locale,
    };
    void form.submit(surveySchema, body);
  }

  if (form.succeeded) {
    return (
      <FormSuccess successRef={form.successRef}>
        <p>{t('successText')}</p>
        <p className="mt-3">
          <a href={reinstallUrl} className="font-semibold text-accent-700 underline">
            {t('reinstall')}
          </a>
        </p>
      </FormSuccess>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-6">
      <FormAlertText alert={form.alert} />
      <CheckboxGroup
        id="survey-reasons"
        name="reasons"
        legend={t('reasonsLegend')}
        hint={t('reasonsHint')}
        options={surveyReasons.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }))}
        error={errorText(form.errors.reasons)}
      />
      <TextAreaField
        id="survey-comment"
        name="comment"
        label={t('comment')}
        hint={t('commentHint')}
        rows={4}
        maxLength={limits.comment}
        error={errorText(form.errors.comment)}
      />
      <Button type="submit" busy={form.sending}>
        {t('submit')}
      </Button>
    </form>
  );
}
