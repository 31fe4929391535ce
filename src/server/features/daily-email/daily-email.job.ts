// The daily reminder email: every minute each server asks who is owed today's email (07:00 or later
// in the farm's zone, not yet claimed), claims each farm's day in the database — one insert that
// exactly one server wins, on PGlite and PostgreSQL alike — and only then builds and sends it.
// The medicine cabinet's warnings (decision 0042) follow the reminders; a day with nothing due or
// overdue and no warning sends nothing. At most once: a server that dies between the
// claim and the send loses that day's email rather than risk a second one after a restart.
import { addDays, mediumDate } from '../../../shared/care/dates';
import { reminderTitle } from '../../../shared/care/reminder-title';
import { warningText } from '../../../shared/medicines/warning-text';
import type { MedicineWarning } from '../../../shared/schemas/medicine-warnings';
import { escapeHtml } from '../../auth/emails';
import { hashSecretToken, newSecretToken } from '../../http/secret-token';
import type { Logger } from '../../log/logger';
import type { Email, Mailer } from '../../mail/mailer';
import type { DayWarnings } from '../medicines/warnings.service';
import type { DailyEmailRepo, DayEggs, DueReminder, Recipient } from './daily-email.repo';

/** Emails a run sends at most (the next run, a minute later, takes the rest). */
const batchSize = 100;

/** The cabinet's warnings an email lists; more are counted, and the link shows them all. */
const listedWarningLimit = 20;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "Dec 3, 2026" from 2026-12-03: the app's date format (the email speaks the farm's calendar days). */
const shortDay = mediumDate;

/** "Yesterday's eggs: 20 collected, 18 saleable, 2 discarded." */
function eggsLine({ eggs, discarded }: DayEggs): string {
  const kept = discarded > 0 ? `, ${eggs - discarded} saleable, ${discarded} discarded` : '';
  return `Yesterday's eggs: ${eggs} collected${kept}.`;
}

export function dailyEmail(options: {
  to: string;
  farmName: string | null;
  day: string;
  reminders: DueReminder[];
  /** yesterday's eggs, mentioned under the reminders; null when none were recorded */
  eggs?: DayEggs | null;
  /** the medicine cabinet's warnings on the day, a short section of their own */
  warnings?: MedicineWarning[];
  origin: string;
  unsubscribeToken: string;
}): Email {
  const { reminders, day, origin } = options;
  // a page that asks first (mail scanners follow links), and one-click for mail apps (RFC 8058)
  const unsubscribeUrl = `${origin}/unsubscribe/${options.unsubscribeToken}`;
  const oneClickUrl = `${origin}/api/public/unsubscribe/${options.unsubscribeToken}`;
  const total = reminders[0]?.total ?? 0;
  const overdue = reminders.filter((reminder) => reminder.due_date < day).length;
  const today = reminders.length - overdue;
  const counts = [today > 0 && `${today} due today`, overdue > 0 && `${overdue} overdue`].filter(Boolean);
  const warnings = options.warnings ?? [];
  const cabinet = warnings.length > 0 ? plural(warnings.length, 'medicine cabinet warning') : '';
  const subject =
    total > 0
      ? `Paddock: ${plural(total, 'reminder')} ${total > reminders.length ? '(and more) ' : ''}— ${counts.join(', ')}${cabinet ? `; ${cabinet}` : ''}`
      : `Paddock: ${cabinet}`;
  const lines = reminders.map((reminder) => {
    const link = reminder.animal_id
      ? `${origin}/animal/${reminder.animal_id}`
      : reminder.group_id
        ? `${origin}/group/${reminder.group_id}`
        : `${origin}/reminders`;
    const when = reminder.due_date < day ? `overdue since ${shortDay(reminder.due_date)}` : 'due today';
    const title = reminderTitle({
      title: reminder.title,
      animalName: reminder.animal_name,
      groupName: reminder.group_name,
    });
    return { text: `${title} (${when})`, link };
  });
  const more = total > reminders.length ? `…and ${total - reminders.length} more.` : '';
  const remindersUrl = `${origin}/reminders`;
  const eggs = options.eggs ? eggsLine(options.eggs) : '';
  const productionUrl = `${origin}/production`;
  const cabinetUrl = `${origin}/medicines`;
  const warningLines = warnings.slice(0, listedWarningLimit).map(warningText);
  if (warnings.length > listedWarningLimit)
    warningLines.push(`…and ${warnings.length - listedWarningLimit} more.`);
  const greeting = `Good morning${options.farmName ? ` from ${options.farmName}` : ''}.`;
  const intro = total > 0 ? `${greeting} Due today or overdue:` : greeting;
  const why = 'You get this email on mornings when something is due or the medicine cabinet needs a look.';
  const outro = `${why} To stop it, unsubscribe: ${unsubscribeUrl}`;
  const cabinetText = warningLines.length
    ? ['', 'Medicine Cabinet:', ...warningLines.map((line) => `- ${line}`), `  ${cabinetUrl}`]
    : [];
  const cabinetHtml = warningLines.length
    ? `<p><a href="${escapeHtml(cabinetUrl)}">Medicine Cabinet</a>:</p><ul>` +
      warningLines.map((line) => `<li>${escapeHtml(line)}</li>`).join('') +
      '</ul>'
    : '';
  return {
    to: options.to,
    subject,
    link: total > 0 ? remindersUrl : cabinetUrl,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    text: [
      intro,
      '',
      ...lines.map((line) => `- ${line.text}\n  ${line.link}`),
      ...(more ? [more] : []),
      ...cabinetText,
      ...(eggs ? ['', eggs, `  ${productionUrl}`] : []),
      '',
      `All reminders: ${remindersUrl}`,
      '',
      outro,
      '',
      '— Paddock',
    ].join('\n'),
    html:
      `<p>${escapeHtml(intro)}</p>` +
      (lines.length
        ? '<ul>' +
          lines
            .map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.text)}</a></li>`)
            .join('') +
          '</ul>'
        : '') +
      (more ? `<p>${escapeHtml(more)}</p>` : '') +
      cabinetHtml +
      (eggs ? `<p><a href="${escapeHtml(productionUrl)}">${escapeHtml(eggs)}</a></p>` : '') +
      `<p><a href="${escapeHtml(remindersUrl)}">All reminders</a></p>` +
      `<p style="color:#666;font-size:12px">${escapeHtml(why)} ` +
      `<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p><p>— Paddock</p>`,
  };
}

export function createDailyEmailJob(deps: {
  repo: DailyEmailRepo;
  /** the medicine cabinet's warnings, through its service (a feature reads another's data only so) */
  cabinet: DayWarnings;
  mailer: Mailer;
  origin: string;
  logger: Logger;
}) {
  const { repo, cabinet, mailer, origin, logger } = deps;
  /** the UTC day this server last forgot old claims: once a day is enough, not every run */
  let prunedOn = '';

  async function sendOne(recipient: Recipient): Promise<'sent' | 'nothing due' | 'claimed elsewhere'> {
    const token = newSecretToken();
    if (!(await repo.claim(recipient, hashSecretToken(token)))) return 'claimed elsewhere';
    const reminders = await repo.dueReminders(recipient.farm_id, recipient.day);
    const warnings = await cabinet.on(recipient.farm_id, recipient.day);
    if (reminders.length === 0 && warnings.length === 0) {
      await repo.finished(recipient, 0, false);
      return 'nothing due';
    }
    await mailer.send(
      dailyEmail({
        to: recipient.email,
        farmName: recipient.farm_name,
        day: recipient.day,
        reminders,
        warnings,
        eggs: await repo.eggsOn(recipient.farm_id, addDays(recipient.day, -1)),
        origin,
        unsubscribeToken: token,
      }),
    );
    await repo.finished(recipient, reminders[0]?.total ?? 0, true);
    return 'sent';
  }

  return {
    /** One pass at `now`: claims and sends what is owed; answers how many emails it sent. */
    async run(now: Date): Promise<number> {
      let sent = 0;
      const { recipients, unservable } = await repo.due(now, batchSize);
      for (const farmId of unservable)
        logger.error('daily reminder email skipped: the farm’s time zone cannot be read', { farmId });
      for (const recipient of recipients) {
        try {
          if ((await sendOne(recipient)) === 'sent') sent++;
        } catch (error) {
          // the day stays claimed: no second email later, whatever failed
          logger.error('daily reminder email failed', {
            farmId: recipient.farm_id,
            day: recipient.day,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      const today = now.toISOString().slice(0, 10);
      if (today !== prunedOn) {
        await repo.prune(now);
        prunedOn = today;
      }
      return sent;
    },
  };
}

export type DailyEmailJob = ReturnType<typeof createDailyEmailJob>;
