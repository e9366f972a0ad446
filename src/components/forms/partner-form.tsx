'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import {
  limits,
  type PartnerApplicationInput,
  type PartnerProgramme,
  partnerApplicationSchema,
  splitChannels,
} from '@/lib/form-rules';
import { captureCampaign } from './campaign-cookie';
import { FormAlertText, FormSuccess, useErrorText } from './form-messages';
import { useFormSubmit } from './use-form-submit';

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/** The application form of the affiliate and influencer programmes. */
export function PartnerForm({ programme }: { programme: PartnerProgramme }) {
  const t = useTranslations('Forms');
  const influencer = useTranslations('Influencer');
  const errorText = useErrorText();
  const locale = useLocale();
  const form = useFormSubmit('/api/mms/partners/v1/applications');
  const [sent, setSent] = useState({ name: '', email: '' });
  const [campaign, setCampaign] = useState<string | null>(null);

  useEffect(() => {
    if (programme !== 'influencer') return;
    const capture = captureCampaign(window.location.search);
    setCampaign(capture.campaign);
    return capture.stop;
  }, [programme]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: PartnerApplicationInput = {
      programme,
      name: text(data, 'name'),
      email: text(data, 'email'),
      channels: splitChannels(text(data, 'channels')),
      audience: text(data, 'audience'),
      country: text(data, 'country'),
      campaign: campaign ?? undefined,
      locale,
    };
    setSent({ name: body.name.trim(), email: body.email.trim() });
    void form.submit(partnerApplicationSchema, body);
  }

  if (form.succeeded) {
    return (
      <FormSuccess successRef={form.successRef}>
        <p>{t('partner.successText', sent)}</p>
      </FormSuccess>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-5">
      {programme === 'influencer' && campaign ? (
        <p className="rounded-lg bg-accent-50 px-4 py-3 text-navy-900">
          {influencer('campaignNotice', { campaign })}
        </p>
      ) : null}
      <FormAlertText alert={form.alert} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${programme}-name`}
          name="name"
          autoComplete="name"
          label={t('partner.name')}
          maxLength={limits.name}
          error={errorText(form.errors.name)}
        />
        <TextField
          id={`${programme}-email`}
          name="email"
          type="email"
          autoComplete="email"
          label={t('partner.email')}
          maxLength={limits.email}
          error={errorText(form.errors.email)}
        />
      </div>
      <TextAreaField
        id={`${programme}-channels`}
        name="channels"
        label={t('partner.channels')}
        hint={t('partner.channelsHint')}
        rows={3}
        dir="ltr"
        placeholder="https://"
        error={errorText(form.errors.channels)}
      />
      <TextAreaField
        id={`${programme}-audience`}
        name="audience"
        label={t('partner.audience')}
        hint={t('partner.audienceHint')}
        rows={4}
        maxLength={limits.audience}
        error={errorText(form.errors.audience)}
      />
      <TextField
        id={`${programme}-country`}
        name="country"
        autoComplete="country-name"
        label={t('partner.country')}
        maxLength={limits.country}
        error={errorText(form.errors.country)}
      />
      <Button type="submit" busy={form.sending}>
        {t('partner.submit')}
      </Button>
    </form>
  );
}
