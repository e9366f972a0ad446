import 'server-only';
import type { Contact } from '@/lib/form-rules';
import { directionOf } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import { renderMail, sendLogged, subjectText, teamInbox } from './mail';
import { insertContactMessage, markContactNotified } from './queries';
import { formText } from './texts';

/** Stores a contact message, tells the team (Reply-To: the sender) and sends the sender a copy. */
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

  const t = await formText(message.locale, 'Contact');
  const forms = await formText(message.locale, 'Forms');
  await sendLogged(
    db,
    {
      to: message.email,
      subject: subjectText(t('mail.senderSubject')),
      ...renderMail(
        [
          { kind: 'text', text: t('mail.senderGreeting', { name: message.name }) },
          { kind: 'text', text: t('mail.senderIntro') },
          { kind: 'quote', text: message.inquiry },
          { kind: 'text', text: forms('mailSignature') },
        ],
        directionOf(message.locale),
      ),
    },
    `contact ${row.id} copy`,
  );
  return { id: row.id };
}
