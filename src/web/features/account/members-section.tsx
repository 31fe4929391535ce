// Account → 'Farm Members': who works on the farm and with which role. Owners invite by email
// (Owner, Member or Farm Sitter, a sitter optionally until a date), resend or revoke invitations,
// change roles and remove members, and invite again (or remove) sitters past their last day;
// anyone may leave a farm that keeps another owner.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  farmRoles,
  invitationCreateSchema,
  roleDescriptions,
  roleLabels,
  type FarmRole,
  type Member,
} from '../../../shared/schemas/members';
import { Loading, LoadError } from '../../components/page-states';
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { formatUsDate } from '../../lib/dates';
import { enterFarm } from '../../lib/farm';
import { applyServerErrors, sameNames } from '../../lib/form-errors';
import {
  farmMembersQuery,
  leaveFarm,
  useChangeRole,
  useInvite,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
} from './api/members';

type InviteValues = z.input<typeof invitationCreateSchema>;
type InviteParsed = z.output<typeof invitationCreateSchema>;

function InviteForm({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const invite = useInvite();
  const form = useForm<InviteValues, unknown, InviteParsed>({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: { email: '', role: 'member', accessUntil: '' },
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await invite.mutateAsync({
        ...values,
        accessUntil: values.role === 'sitter' ? values.accessUntil : null,
      });
      toast({ title: `Invitation sent to ${values.email}` });
      onClose();
    } catch (error) {
      const unplaced = applyServerErrors(
        error,
        form.setError,
        sameNames<InviteValues>(['email', 'role', 'accessUntil']),
      );
      toast({
        title: 'Failed to send the invitation.',
        description: unplaced[0] ?? errorMessage(error),
        variant: 'destructive',
      });
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4 border-t border-stone-200 pt-4"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <SelectField
        label="Role"
        error={errors.role?.message}
        hint={roleDescriptions[role]}
        {...form.register('role')}
      >
        {farmRoles.map((value) => (
          <option key={value} value={value}>
            {roleLabels[value]}
          </option>
        ))}
      </SelectField>
      {role === 'sitter' && (
        <TextField
          label="Access Until (optional)"
          type="date"
          hint="The sitter's access ends by itself after this day."
          error={errors.accessUntil?.message}
          {...form.register('accessUntil')}
        />
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={invite.isPending} className="flex-1">
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
        <Button variant="secondary" disabled={invite.isPending} onClick={onClose} className="flex-1">
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A farm sitter's last day, for an owner to move on (a longer stay) or clear (no end). */
function SitterLastDay({ member }: { member: Member }) {
  const toast = useToast();
  const change = useChangeRole();
  const [day, setDay] = useState(member.accessUntil ?? '');
  const [problem, setProblem] = useState<string>();
  const save = async () => {
    setProblem(undefined);
    try {
      await change.mutateAsync({ userId: member.userId, role: 'sitter', accessUntil: day });
      toast({
        title: day
          ? `${member.name}'s access ends after ${formatUsDate(day)}`
          : `${member.name}'s access has no end date`,
      });
    } catch (error) {
      setProblem((error instanceof ApiError && error.fields?.accessUntil?.[0]) || errorMessage(error));
    }
  };
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <TextField
          label={`Access until for ${member.name}`}
          type="date"
          value={day}
          hint="Blank: no end date."
          error={problem}
          onChange={(event) => setDay(event.target.value)}
        />
      </div>
      <Button
        variant="secondary"
        disabled={change.isPending || day === (member.accessUntil ?? '')}
        onClick={() => void save()}
        className="mb-5"
      >
        Save Date
      </Button>
    </div>
  );
}

function MemberRow({ member, manage }: { member: Member; manage: boolean }) {
  const toast = useToast();
  const change = useChangeRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const until =
    member.role === 'sitter' && member.accessUntil ? ` · until ${formatUsDate(member.accessUntil)}` : '';

  const changeRole = async (role: FarmRole) => {
    try {
      await change.mutateAsync({ userId: member.userId, role });
      toast({ title: `${member.name} is now ${role === 'owner' ? 'an' : 'a'} ${roleLabels[role]}` });
    } catch (error) {
      toast({
        title: 'Failed to change the role.',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  const removeMember = async () => {
    try {
      await remove.mutateAsync(member.userId);
      setConfirming(false);
      toast({ title: `${member.name} was removed from the farm` });
    } catch (error) {
      setConfirming(false);
      toast({
        title: 'Failed to remove the member.',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <li className="space-y-2 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {member.name}
          {member.you && <span className="font-normal text-stone-600"> (you)</span>}
        </p>
        {member.email !== member.name && <p className="text-sm break-all text-stone-600">{member.email}</p>}
        {!manage && (
          <p className="text-sm text-stone-700">
            {roleLabels[member.role]}
            {until}
          </p>
        )}
      </div>
      {manage && (
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <SelectField
              label={`Role of ${member.name}`}
              value={member.role}
              disabled={change.isPending}
              onChange={(event) => void changeRole(event.target.value as FarmRole)}
            >
              {farmRoles.map((value) => (
                <option key={value} value={value}>
                  {roleLabels[value]}
                </option>
              ))}
            </SelectField>
          </div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Remove
          </Button>
          <ConfirmDialog
            open={confirming}
            title={`Remove ${member.name}?`}
            message="Their access to this farm ends at once, and so do the share links and calendar feed they made. Entries they recorded stay, with their name."
            confirmLabel="Remove"
            busyLabel="Removing..."
            busy={remove.isPending}
            onConfirm={() => void removeMember()}
            onCancel={() => setConfirming(false)}
          />
        </div>
      )}
      {manage && member.role === 'sitter' && <SitterLastDay key={member.accessUntil} member={member} />}
    </li>
  );
}

function Invitations() {
  const members = useQuery(farmMembersQuery);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const toast = useToast();
  const invitations = members.data?.invitations ?? [];
  if (!invitations.length) return null;

  const act = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      toast({ title: done });
    } catch (error) {
      toast({ title: failed, description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-stone-800">Invitations</h3>
      <ul aria-label="Invitations" className="divide-y divide-stone-200">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="space-y-2 py-3">
            <p className="text-sm font-medium break-all">{invitation.email}</p>
            <p className="text-sm text-stone-600">
              {roleLabels[invitation.role]}
              {invitation.accessUntil && ` until ${formatUsDate(invitation.accessUntil)}`} · link expires{' '}
              {formatUsDate(invitation.expiresAt.slice(0, 10))}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={resend.isPending}
                aria-label={`Resend the invitation to ${invitation.email}`}
                onClick={() =>
                  void act(
                    () => resend.mutateAsync(invitation.id),
                    `Invitation sent again to ${invitation.email}`,
                    'Failed to resend the invitation.',
                  )
                }
              >
                Resend
              </Button>
              <Button
                variant="ghost"
                disabled={revoke.isPending}
                aria-label={`Revoke the invitation to ${invitation.email}`}
                onClick={() =>
                  void act(
                    () => revoke.mutateAsync(invitation.id),
                    'Invitation revoked',
                    'Failed to revoke the invitation.',
                  )
                }
              >
                Revoke
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Invite Again' for a past sitter: a new invitation as Farm Sitter, with a new last day. */
function InviteAgain({ member, onClose }: { member: Member; onClose: () => void }) {
  const toast = useToast();
  const invite = useInvite();
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string>();
  const send = async () => {
    setProblem(undefined);
    try {
      await invite.mutateAsync({ email: member.email, role: 'sitter', accessUntil: day });
      toast({ title: `Invitation sent to ${member.email}` });
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.accessUntil?.[0] : undefined;
      if (field) setProblem(field);
      else
        toast({
          title: 'Failed to send the invitation.',
          description: errorMessage(error),
          variant: 'destructive',
        });
    }
  };
  return (
    <div className="space-y-2">
      <TextField
        label="Access Until (optional)"
        type="date"
        value={day}
        hint="The sitter's access ends by itself after this day."
        error={problem}
        onChange={(event) => setDay(event.target.value)}
      />
      <div className="flex gap-2">
        <Button disabled={invite.isPending} onClick={() => void send()} className="flex-1">
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
        <Button variant="secondary" disabled={invite.isPending} onClick={onClose} className="flex-1">
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Sitters past their last day (owners only): no access; invite them again, or remove them. */
function PastSitters({ sitters }: { sitters: Member[] }) {
  const toast = useToast();
  const remove = useRemoveMember();
  const [inviting, setInviting] = useState<string>();
  const [removing, setRemoving] = useState<Member>();
  if (!sitters.length) return null;

  const removeSitter = async (member: Member) => {
    try {
      await remove.mutateAsync(member.userId);
      toast({ title: `${member.name} was removed from the farm` });
    } catch (error) {
      toast({
        title: 'Failed to remove the member.',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
    setRemoving(undefined);
  };

  return (
    <div className="space-y-2">
      <h3 id="past-sitters-heading" className="text-sm font-semibold text-stone-800">
        Past farm sitters
      </h3>
      <ul aria-labelledby="past-sitters-heading" className="divide-y divide-stone-200">
        {sitters.map((member) => (
          <li key={member.userId} className="space-y-2 py-3">
            <div className="min-w-0">
              <p className="font-medium break-words">{member.name}</p>
              {member.email !== member.name && (
                <p className="text-sm break-all text-stone-600">{member.email}</p>
              )}
              <p className="text-sm text-stone-700">Access ended {formatUsDate(member.accessUntil)}</p>
            </div>
            {inviting === member.userId ? (
              <InviteAgain member={member} onClose={() => setInviting(undefined)} />
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  aria-label={`Invite ${member.name} again`}
                  onClick={() => setInviting(member.userId)}
                >
                  Invite Again
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Remove ${member.name}`}
                  onClick={() => setRemoving(member)}
                >
                  Remove
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!removing}
        title={`Remove ${removing?.name ?? ''}?`}
        message="They leave this list. Entries they recorded stay, with their name."
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={() => removing && void removeSitter(removing)}
        onCancel={() => setRemoving(undefined)}
      />
    </div>
  );
}

function LeaveFarm({ farmName }: { farmName: string }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    try {
      await leaveFarm();
      await enterFarm(null);
    } catch (error) {
      setLeaving(false);
      setConfirming(false);
      toast({ title: 'Failed to leave the farm.', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)} className="w-full">
        Leave Farm
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Leave ${farmName}?`}
        message="You will no longer see its animals or reminders, and the share links and calendar feed you made stop working. An owner can invite you again."
        confirmLabel="Leave Farm"
        busyLabel="Leaving..."
        busy={leaving}
        onConfirm={() => void leave()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export default function MembersSection({ farmName }: { farmName: string }) {
  const members = useQuery(farmMembersQuery);
  const [inviting, setInviting] = useState(false);
  const owner = members.data?.role === 'owner';
  // sitters past their last day come only to owners, in their own list
  const current = members.data?.members.filter((member) => !member.accessEnded) ?? [];
  const past = members.data?.members.filter((member) => member.accessEnded) ?? [];
  const others = current.filter((member) => !member.you);
  const owners = current.filter((member) => member.role === 'owner').length;
  const canLeave = members.data && (!owner || owners > 1);

  return (
    <section aria-labelledby="members-heading" className={`${cardClasses} space-y-3`}>
      <h2 id="members-heading" className="text-lg font-semibold">
        Farm Members
      </h2>
      {members.isPending ? (
        <Loading place="section" />
      ) : members.isError ? (
        <LoadError error={members.error} onRetry={() => void members.refetch()} look="inline" />
      ) : (
        <>
          <p className="text-sm text-stone-600">
            {others.length
              ? 'Everyone here sees the herd; what they may change depends on their role.'
              : 'Only you work on this farm. Invite a partner or a farm sitter to share it.'}
          </p>
          <ul aria-label="Members" className="divide-y divide-stone-200">
            {current.map((member) => (
              <MemberRow key={member.userId} member={member} manage={owner && !member.you} />
            ))}
          </ul>
          {owner && <PastSitters sitters={past} />}
          {owner && <Invitations />}
          {owner &&
            (inviting ? (
              <InviteForm onClose={() => setInviting(false)} />
            ) : (
              <Button onClick={() => setInviting(true)} className="w-full">
                Invite Member
              </Button>
            ))}
          {canLeave && <LeaveFarm farmName={farmName} />}
        </>
      )}
    </section>
  );
}
