import 'server-only';
import type { PartnerApplication, PartnerProgramme } from '@/lib/form-rules';
import { directionOf, type Locale } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import type { MailMessage } from '@/server/mail';
import { type MailBlock, renderMail, sendLogged, subjectText, teamInbox } from './mail';
import { insertPartnerApplication, markApplicationNotified } from './queries';
import { formText } from './texts';

/**
 * The acknowledgement to the address an application gave: fixed text in the applicant's
 * language and nothing else. Anyone can type any address into the form, so this mail must not
 * repeat a single character the applicant typed (name, channel links, audience, country,
 * campaign): otherwise the form would send their text, under our name and from our mail
 * server, to whatever address they chose. It takes only the recipient, the locale (one of the
 * 18) and the programme (one of our two, named by our own texts), so nothing else can slip in.
 */
export async function partnerAcknowledgement(
  to: string,
  locale: Locale,
  programme: PartnerProgramme,
): Promise<MailMessage> {
  const t = await formText(locale, 'Forms');
  return {
    to,
    subject: t('partner.mail.senderSubject'),
    ...renderMail(
      [
        {
          kind: 'text',
          text: t('partner.mail.senderBody', {
            programme: t(`partner.mail.programmes.${programme}`),
          }),
        },
        { kind: 'text', text: t('partner.mail.senderIgnore') },
        { kind: 'text', text: t('mailSignature') },
      ],
      directionOf(locale),
    ),
  };
}

/**
 * Stores an affiliate or influencer application, tells the team (the whole application,
 * Reply-To: the applicant) and sends the applicant a fixed acknowledgement
 * (partnerAcknowledgement: none of their text).
 */
export async function submitPartnerApplication(
  db: Db,
  application: PartnerApplication,
): Promise<{ id: string }> {
  const row = await insertPartnerApplication(db, application);

  const team = await formText('en', 'Forms');
  const details: MailBlock[] = [
    { kind: 'field', label: team('partner.name'), value: application.name },
    { kind: 'field', label: team('partner.email'), value: application.email },
    { kind: 'field', label: team('partner.country'), value: application.country },
    { kind: 'field', label: team('partner.channels'), value: application.channels.join('\n') },
    { kind: 'field', label: team('partner.audience'), value: application.audience },
    ...(application.campaign
      ? [
          {
            kind: 'field' as const,
            label: team('partner.mail.campaign'),
            value: application.campaign,
          },
        ]
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
        ...details,
        { kind: 'field', label: 'Language', value: application.locale },
      ]),
      headers: { 'Reply-To': application.email },
    },
    `application ${row.id} team`,
  );
  if (notified) await markApplicationNotified(db, row.id);

  await sendLogged(
    db,
    await partnerAcknowledgement(application.email, application.locale, application.programme),
    `application ${row.id} acknowledgement`,
  );
  return { id: row.id };
}
