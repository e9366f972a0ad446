import 'server-only';
import type { PartnerApplication } from '@/lib/form-rules';
import { directionOf } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import { type MailBlock, renderMail, sendLogged, subjectText, teamInbox } from './mail';
import { insertPartnerApplication, markApplicationNotified } from './queries';
import { formText } from './texts';

/** Stores an affiliate or influencer application, tells the team and confirms to the applicant. */
export async function submitPartnerApplication(
  db: Db,
  application: PartnerApplication,
): Promise<{ id: string }> {
  const row = await insertPartnerApplication(db, application);

  const team = await formText('en', 'Forms');
  const details = (t: typeof team): MailBlock[] => [
    { kind: 'field', label: t('partner.name'), value: application.name },
    { kind: 'field', label: t('partner.email'), value: application.email },
    { kind: 'field', label: t('partner.country'), value: application.country },
    { kind: 'field', label: t('partner.channels'), value: application.channels.join('\n') },
    { kind: 'field', label: t('partner.audience'), value: application.audience },
    ...(application.campaign
      ? [{ kind: 'field' as const, label: t('partner.mail.campaign'), value: application.campaign }]
      : []),
  ];
  const programme = team(`partner.mail.programmes.${application.programme}`);
  const notified = await sendLogged(
    db,
    {
      to: teamInbox(),
      subject: subjectText(
        team('partner.mail.teamSubject', {
          programme: programme.charAt(0).toUpperCase() + programme.slice(1),
          name: application.name,
        }),
      ),
      ...renderMail([
        { kind: 'text', text: team('partner.mail.teamIntro') },
        ...details(team),
        { kind: 'field', label: 'Language', value: application.locale },
      ]),
      headers: { 'Reply-To': application.email },
    },
    `application ${row.id} team`,
  );
  if (notified) await markApplicationNotified(db, row.id);

  const t = await formText(application.locale, 'Forms');
  await sendLogged(
    db,
    {
      to: application.email,
      subject: subjectText(t('partner.mail.senderSubject')),
      ...renderMail(
        [
          { kind: 'text', text: t('partner.mail.senderGreeting', { name: application.name }) },
          {
            kind: 'text',
            text: t('partner.mail.senderIntro', {
              programme: t(`partner.mail.programmes.${application.programme}`),
            }),
          },
          ...details(t),
          { kind: 'text', text: t('mailSignature') },
        ],
        directionOf(application.locale),
      ),
    },
    `application ${row.id} copy`,
  );
  return { id: row.id };
}
