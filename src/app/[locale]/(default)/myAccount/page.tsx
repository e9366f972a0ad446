import { redirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { ActivityCard } from '@/components/account/activity-card';
import { DevicesCard } from '@/components/account/devices-card';
import { EmailText } from '@/components/account/email-text';
import { LogoutButton } from '@/components/account/logout-button';
import { PasswordCard } from '@/components/account/password-card';
import { ProfileCard } from '@/components/account/profile-card';
import { SessionsCard } from '@/components/account/sessions-card';
import { SubscriptionPanel } from '@/components/subscription/subscription-panel';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { localizePath } from '@/lib/locales';
import { accountActivity } from '@/server/account/activity';
import { deviceList } from '@/server/account/devices';
import { pageSession } from '@/server/account/page-session';
import { profileOf } from '@/server/account/service';
import { webSessionList } from '@/server/account/sessions';
import { getDb } from '@/server/db/client';
import { subscriptionMy } from '@/server/payments/account-payments';
import { loadPlans } from '@/server/plans/load-plans';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// Rendered per request: it shows the signed-in account, checked on the server.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/myAccount', await pageText(locale, 'myAccount'));
}

export default async function MyAccountPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const auth = await pageSession();
  if (!auth) {
    const back = encodeURIComponent(localizePath(locale, '/myAccount'));
    redirect(`${localizePath(locale, '/login')}?redirect=${back}`);
  }
  const profile = profileOf(auth.user);
  const db = getDb().db;
  const [devices, sessions, activity, subscription, catalogue] = await Promise.all([
    deviceList(db, auth.session),
    webSessionList(db, auth.session),
    accountActivity(db, auth.user.id),
    subscriptionMy(db, auth.user.id),
    loadPlans(locale, undefined),
  ]);
  const text = await pageText(locale, 'myAccount');
  const { Account, Auth, Validation, Dialogs, Toasts, Subscription, Refund, Plans, ApiErrors } =
    await getMessages({ locale });

  return (
    <>
      <PageHeader title={text.heading}>
        <p className="mt-4 max-w-[65ch] text-lg text-slate-600">
          <EmailText email={profile.email} />
        </p>
      </PageHeader>
      <Container className="grid gap-6 py-10 lg:grid-cols-2">
        <ProfileCard locale={locale} profile={profile} />
        <NextIntlClientProvider
          locale={locale}
          messages={{
            Account,
            Auth,
            Validation,
            Dialogs,
            Toasts,
            Subscription,
            Refund,
            Plans,
            ApiErrors,
          }}
        >
          <SubscriptionPanel initial={subscription} plans={catalogue.options} />
          <DevicesCard initial={devices} />
          <SessionsCard initial={sessions} />
          <ActivityCard events={activity} />
          <PasswordCard profile={profile} />
          <div className="lg:col-span-2">
            <LogoutButton />
          </div>
        </NextIntlClientProvider>
      </Container>
    </>
  );
}
