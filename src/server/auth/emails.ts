// The text of the emails Paddock sends. Plain words first; the HTML mirrors the text.
import { mediumDate } from '../../shared/care/dates';
import type { Email } from '../mail/mailer';

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function linkEmail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): Email {
  return {
    to,
    subject,
    link,
    text: `${intro}\n\n${action}:\n${link}\n\n${outro}\n\n— Paddock`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p><p>— Paddock</p>`,
  };
}

/** (a development server with no mail server prints this one link in its log: see mailer.ts) */
export const confirmationEmail = (to: string, link: string): Email => ({
  ...linkEmail(
    to,
    'Confirm your Paddock account',
    'Welcome to Paddock! Please confirm your email address to finish creating your account.',
    'Confirm my email address',
    link,
    'The link works once and expires in one hour. If you did not sign up, ignore this email.',
  ),
  linkInDevelopmentLog: true,
});

export const passwordResetEmail = (to: string, link: string) =>
  linkEmail(
    to,
    'Reset your Paddock password',
    'Someone asked to reset the password of your Paddock account.',
    'Choose a new password',
    link,
    'The link works once and expires in one hour; resetting signs you out on every device. If it was not you, ignore this email.',
  );

export const invitationEmail = (
  to: string,
  link: string,
  /** `accessUntil`: a sitter's last day, 'YYYY-MM-DD' (said as the app shows dates: 'Dec 6, 2026') */
  invitation: { farmName: string; invitedBy: string; role: string; accessUntil: string | null },
) =>
  linkEmail(
    to,
    `${invitation.invitedBy} invited you to ${invitation.farmName} on Paddock`,
    `${invitation.invitedBy} invited you to join ${invitation.farmName} on Paddock as ${invitation.role === 'Owner' ? 'an' : 'a'} ${invitation.role}${invitation.accessUntil ? `, until ${mediumDate(invitation.accessUntil)}` : ''}.`,
    'Accept the invitation',
    link,
    'The link works once and expires in 7 days. If you did not expect it, ignore this email.',
  );
