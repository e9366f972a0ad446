import 'server-only';
import { claimValues } from '@/lib/claim-values';
import type { Contact } from '@/lib/form-rules';
import { directionOf, type Locale } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import type { MailMessage } from '@/server/mail';
import { renderMail, sendLogged, subjectText, teamInbox } from './mail';
import { insertContactMessage, markContactNotified } from './queries';
import { formText } from './texts';

/**
 * The acknowledgement to the address a contact message gave: fixed text in the sender's
 * language and nothing else. Anyone can type any address into the form, so this mail must not
 * repeat a single character the visitor typed (name, topic, message): otherwise the form would
 * send their text, under our name and from our mail server, to whatever address they chose.
 * It takes only the locale (one of the 18) and the recipient, so nothing else can slip in.
 */
export async function contactAcknowledgement(to: string, locale: Locale): Promise<MailMessage> {
  const t = await formText(locale, 'Contact');
  const forms = await formText(locale, 'Forms');
  return {
    to,
    subject: t('mail.senderSubject'),
    ...renderMail(
      [
        { kind: 'text', text: t('mail.senderBody', claimValues(locale)) },
        { kind: 'text', text: t('mail.senderIgnore') },
        { kind: 'text', text: forms('mailSignature') },
      ],
      directionOf(locale),
    ),
  };
}

/**
 * Stores a contact message, tells the team (the whole message, Reply-To: the sender) and sends
 * the sender a fixed acknowledgement (contactAcknowledgement: none of their text).
 */
export async function submitContact(db: Db, message: Contact): Promise<{ id: string }> {
  const row = await insertContactMessage(db, message);

  const team = await formText('en', 'Contact');
  const teamTopic = message.topic ? team(`topics.${message.topic}`) : team('mail.noTopic');
  const teamMail = renderMail([
    { kind: 'text', text: team('mail.teamIntro') },
    { kind: 'field', label: 'Name', value: message.name },
    { kind: 'field', label: 'Email', value: message.email },
    { kind: 'field', label: team('topic'), value: teamTopic },
    { kind: 'field', label: 'Language', value: message.locale },
    { kind: 'quote', text: message.inquiry },
  ]);
  const notified = await sendLogged(
    db,
    {
      to: teamInbox(),
      subject: subjectText(team('mail.teamSubject', { topic: teamTopic, name: message.name })),
      ...teamMail,
      headers: { 'Reply-To': message.email },
    },
    `contact ${row.id} team`,
  );
  if (notified) await markContactNotified(db, row.id);

  await sendLogged(
    db,
    await contactAcknowledgement(message.email, message.locale),
    `contact ${row.id} acknowledgement`,
  );
  return { id: row.id };
}
