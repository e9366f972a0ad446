import { redirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ActivityCard } from '@/components/account/activity-card';
import { DevicesCard } from '@/components/account/devices-card';
import { EmailCard } from '@/components/account/email-card';
import { EmailText } from '@/components/account/email-text';
import { LogoutButton } from '@/components/account/logout-button';
import { PasskeysCard } from '@/components/account/passkeys-card';
import { PasswordCard } from '@/components/account/password-card';
import { DeleteAccountCard, ExportCard } from '@/components/account/privacy-cards';
import { ProfileCard } from '@/components/account/profile-card';
import { SessionsCard } from '@/components/account/sessions-card';
import { TwoFactorCard } from '@/components/account/two-factor-card';
import { SubscriptionPanel } from '@/components/subscription/subscription-panel';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { localizePath } from '@/lib/locales';
import { accountActivity } from '@/server/account/activity';
import { deviceList } from '@/server/account/devices';
import { pageSession } from '@/server/account/page-session';
import { passkeyList } from '@/server/account/passkeys';
import { profileOf } from '@/server/account/service';
import { webSessionList } from '@/server/account/sessions';
import { twoFactorStatus } from '@/server/account/two-factor';
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
  const [devices, sessions, activity, subscription, catalogue, twoFactor, passkeys] =
    await Promise.all([
      deviceList(db, auth.session),
      webSessionList(db, auth.session),
      accountActivity(db, auth.user.id),
      subscriptionMy(db, auth.user.id),
      loadPlans(locale, undefined),
      twoFactorStatus(db, auth.user.id),
      passkeyList(db, auth.user.id),
    ]);
  const text = await pageText(locale, 'myAccount');
  const messages = await getMessages({ locale });
  const { Account, Auth, Validation, Dialogs, Toasts, Subscription, Refund, Plans, ApiErrors } =
    messages;
  const sectionText = messages.Security.sections;
  const sections = [
    ['subscription', sectionText.subscription],
    ['devices', sectionText.devices],
    ['security', sectionText.security],
    ['privacy', sectionText.privacy],
  ] as const;

  return (
    <>
      <PageHeader title={text.heading}>
        <p className="mt-4 max-w-[65ch] text-lg text-slate-600">
          <EmailText email={profile.email} />
        </p>
      </PageHeader>
      <Container className="py-10">
        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileCard locale={locale} profile={profile} />
          <nav
            aria-label={sectionText.nav}
            className="rounded-2xl border border-slate-200 bg-white p-6"
          >
            <ul className="flex flex-col gap-2">
              {sections.map(([id, label]) => (
                <li key={id}>
                  <a href={`#${id}`} className="font-medium text-accent-700 underline">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
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
            Security: messages.Security,
          }}
        >
          {/* The panel's own headings name this section ("Subscription", "Purchase history"). */}
          <div id="subscription" className="mt-6 grid scroll-mt-24 gap-6 lg:grid-cols-2">
            <SubscriptionPanel initial={subscription} plans={catalogue.options} />
          </div>
          <AccountSection id="devices" title={sectionText.devices}>
            <DevicesCard initial={devices} />
            <SessionsCard initial={sessions} />
          </AccountSection>
          <AccountSection id="security" title={sectionText.security}>
            <PasswordCard profile={profile} headingLevel={3} />
            <TwoFactorCard initial={twoFactor} email={profile.email} />
            <PasskeysCard initial={passkeys} />
            <ActivityCard events={activity} />
          </AccountSection>
          <AccountSection id="privacy" title={sectionText.privacy}>
            <EmailCard profile={profile} />
            <ExportCard />
            <div className="lg:col-span-2">
              <DeleteAccountCard />
            </div>
          </AccountSection>
          <div className="mt-10">
            <LogoutButton />
          </div>
        </NextIntlClientProvider>
      </Container>
    </>
  );
}

/** One part of the account page, reached from the links at the top. */
function AccountSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-section`} id={id} className="mt-10 scroll-mt-24">
      <h2 id={`${id}-section`} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">{children}</div>
    </section>
  );
}
