import 'server-only';
import type { Survey } from '@/lib/form-rules';
import type { Db } from '@/server/db/client';
import { renderMail, sendLogged, teamInbox } from './mail';
import { insertSurveyResponse } from './queries';
import { formText } from './texts';

/** Stores an uninstall survey answer and tells the team (nobody to confirm to: it is anonymous). */
export async function submitSurvey(db: Db, survey: Survey): Promise<{ id: string }> {
  const row = await insertSurveyResponse(db, survey);
  const t = await formText('en', 'Survey');
  await sendLogged(
    db,
    {
      to: teamInbox(),
      subject: t('mail.teamSubject'),
      ...renderMail([
        { kind: 'text', text: t('mail.teamIntro') },
        {
          kind: 'field',
          label: t('reasonsLegend'),
          value: survey.reasons.map((reason) => t(`reasons.${reason}`)).join('; ') || '-',
        },
        { kind: 'quote', text: survey.comment || t('mail.noComment') },
        { kind: 'field', label: 'Version', value: survey.version ?? '-' },
        { kind: 'field', label: 'Language', value: survey.locale },
      ]),
    },
    `survey ${row.id} team`,
  );
  return { id: row.id };
}
