// Account → 'Calendar Feed': the signed-in person's own private address of the farm's reminders for
// Google, Apple or Outlook calendars — 'Create Calendar Link', shown once with 'Copy', until
// 'Revoke'. Each person on the farm has their own (issue 24): the state, 'New Link' and 'Revoke'
// are theirs alone, so someone who never made one is offered to make one.
import { useQuery } from '@tanstack/react-query';
import { SecretLinkPanel } from '../../components/secret-link-panel';
import { formatUsDate } from '../../lib/dates';
import { calendarFeedQuery, useCreateCalendarFeed, useRevokeCalendarFeed } from './api/calendar-feed';

export function CalendarFeedSection() {
  const state = useQuery(calendarFeedQuery);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  return (
    <SecretLinkPanel
      id="calendar-feed"
      heading="Calendar Feed"
      linkLabel="Calendar link"
      since={state.isPending ? undefined : (state.data?.createdAt ?? null)}
      create={create.mutateAsync}
      revoke={revoke.mutateAsync}
      creating={create.isPending}
      revoking={revoke.isPending}
      createLabel="Create Calendar Link"
      creatingLabel="Creating..."
      texts={{
        intro:
          'See the farm’s reminders in Google, Apple or Outlook calendars: create your own private link and add it there as a calendar "from URL" (a subscription). Everyone on the farm has their own.',
        shownOnce:
          'Shown once: copy it now and paste it into your calendar app. Anyone with the link can see the farm’s reminders until you revoke it.',
        live: (since) =>
          `Your reminders have been in a calendar feed since ${formatUsDate(since.slice(0, 10))}. Calendars update it every few hours. This link is yours: others on the farm have their own.`,
        createFailed: 'Failed to create the calendar link. Please try again.',
        revokeFailed: 'Failed to revoke the calendar link. Please try again.',
        revoked: {
          title: 'Calendar link revoked',
          description: 'Calendars can no longer read your reminders.',
        },
      }}
    />
  );
}
