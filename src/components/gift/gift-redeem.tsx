'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { paymentApi } from '@/client/payments';
import { giftRedeemPlaces } from '@/client/server-error-places';
import { session, writeItem } from '@/client/storage';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { isLocale, localizePath } from '@/lib/locales';
import { checkEmail } from '@/lib/password-rules';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { errorCode } from './api-error';
import { focusField } from './focus-field';
import { LoginHint } from './login-hint';

/** Where /redeem-suc finds what the code added (this tab only). */
export const redeemedKey = 'turbovpn.gift.redeemed';

type Field = 'gift-code' | 'redeem-email';

/**
 * Redeeming a code: for the signed-in account, or for the account of an email (made when there
 * is none). Success goes to /redeem-suc; the API's refusals are shown on the form, next to the
 * field they concern.
 */
export function GiftRedeem({ email }: { email: string | null }) {
  const t = useTranslations('GiftCard');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const server = useServerError(giftRedeemPlaces);
  const shown = server.fieldErrors(errors);
  const top = server.top;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const code = String(form.get('gift-code') ?? '').trim();
    const typed = String(form.get('redeem-email') ?? '').trim();
    const emailProblem = email ? null : checkEmail(typed);
    const next = {
      'gift-code': code ? undefined : t('codeRequired'),
      'redeem-email': emailProblem ? tv(emailProblem) : undefined,
    };
    setErrors(next);
    server.clear();
    if (next['gift-code'] || next['redeem-email']) {
      focusField(formElement, next['gift-code'] ? 'gift-code' : 'redeem-email');
      return;
    }
    setBusy(true);
    try {
      const result = await paymentApi.redeemGift(
        { code, language: locale, ...(email ? {} : { email: typed }) },
        server.quiet,
      );
      writeItem(session(), redeemedKey, JSON.stringify(result));
      // A full load: the header then shows the account the redemption may have signed in.
      window.location.assign(localizePath(isLocale(locale) ? locale : 'en', '/redeem-suc'));
    } catch (error: unknown) {
      server.show(error);
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="gift-redeem-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
      data-area="gift-redeem"
    >
      <h2 id="gift-redeem-heading" className="text-xl font-bold">
        {t('redeemTitle')}
      </h2>
      <p className="mt-1 text-slate-600">{t('redeemIntro')}</p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-5" {...server.formProps}>
        <ServerErrorAlert id={server.alertId}>
          {top && errorCode(top.error) === 40903 ? <LoginHint /> : top?.text}
        </ServerErrorAlert>
        <TextField
          id="gift-code"
          label={t('codeField')}
          hint={t('codeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-base tracking-wider text-navy-900 uppercase aria-[invalid=true]:border-error-700"
          error={shown['gift-code']}
        />
        {email ? (
          <p className="text-slate-700">{t('redeemFor')}</p>
        ) : (
          <TextField
            id="redeem-email"
            type="email"
            label={t('emailLabel')}
            hint={t('redeemEmailHint')}
            autoComplete="email"
            inputMode="email"
            error={shown['redeem-email']}
          />
        )}
        <div>
          <Button type="submit" busy={busy}>
            {busy ? t('redeeming') : t('redeem')}
          </Button>
        </div>
      </form>
    </section>
  );
}
