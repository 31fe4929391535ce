// /invite/:token: the link of an invitation email. It says who invited whom to which farm with
// which role; a new person signs up right here (the address is the invitation's: the link came to
// that inbox, so it is confirmed); someone with an account signs in and accepts. Either way the
// session then works in the invited farm.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import type { z } from 'zod';
import {
  invitationSignUpSchema,
  roleDescriptions,
  roleLabels,
  type PublicInvitation,
} from '../../../shared/schemas/members';
import { Loading } from '../../components/page-states';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError, errorMessage } from '../../lib/api';
import { formatUsDate } from '../../lib/dates';
import { enterFarm } from '../../lib/farm';
import { applyServerErrors, sameNames } from '../../lib/form-errors';
import { signInPath } from '../../lib/return-path';
import { signOut, useSession } from '../../lib/session';
import { forgetReads } from '../../lib/query-client';
import { acceptInvitation, invitationQuery, signUpThroughInvitation } from './api/members';

type SignUpValues = z.input<typeof invitationSignUpSchema>;
type SignUpParsed = z.output<typeof invitationSignUpSchema>;

function SignUpForm({ token, invitation }: { token: string; invitation: PublicInvitation }) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<SignUpValues, unknown, SignUpParsed>({
    resolver: zodResolver(invitationSignUpSchema),
    defaultValues: { name: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await signUpThroughInvitation(token, values);
      await enterFarm(null);
    } catch (error) {
      const unplaced = applyServerErrors(error, form.setError, sameNames<SignUpValues>(['name', 'password']));
      setProblem(unplaced[0] ?? errorMessage(error));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField label="Email" type="email" value={invitation.email} readOnly autoComplete="username" />
      <TextField
        label="Your Name"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...form.register('password')}
      />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Joining...' : 'Create Account and Join'}
      </Button>
    </form>
  );
}

function Accept({
  token,
  invitation,
  email,
}: {
  token: string;
  invitation: PublicInvitation;
  email: string;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (email.toLowerCase() !== invitation.email) {
    const switchAccount = async () => {
      await signOut().catch(() => undefined);
      await forgetReads();
      window.location.assign(signInPath(window.location.pathname));
    };
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm">
          This invitation was sent to <span className="font-medium break-all">{invitation.email}</span>, and
          you are signed in as <span className="font-medium break-all">{email}</span>. Sign in with the
          invited address to accept it.
        </p>
        <Button variant="secondary" className="w-full" onClick={() => void switchAccount()}>
          Sign Out and Switch Account
        </Button>
      </div>
    );
  }
  const accept = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { farmId } = await acceptInvitation(token);
      await enterFarm(farmId);
    } catch (error) {
      setBusy(false);
      setProblem(errorMessage(error));
    }
  };
  return (
    <div className="space-y-3">
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button className="w-full" disabled={busy} onClick={() => void accept()}>
        {busy ? 'Joining...' : 'Accept Invitation'}
      </Button>
    </div>
  );
}

export default function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>();
  const invitation = useQuery(invitationQuery(token));
  const session = useSession();
  useEffect(() => {
    document.title = 'Invitation – Paddock';
  }, []);

  const gone =
    invitation.error instanceof ApiError && invitation.error.status === 404
      ? 'This invitation link is not valid any more: it may have expired (after 7 days), been used, or been revoked. Ask the farm’s owner to send a new one.'
      : null;

  return (
    <main className="mx-auto min-h-dvh max-w-md space-y-4 px-4 py-10">
      <div className="flex items-center gap-2">
        <img src="/favicon.svg" alt="" className="size-6" />
        <h1 className="text-lg font-semibold">Invitation to Paddock</h1>
      </div>
      <div className="space-y-4 rounded-lg border border-stone-200 bg-white p-6">
        {invitation.isPending || session.isPending ? (
          <Loading place="section" />
        ) : invitation.isError ? (
          <>
            <p role="alert">{gone ?? errorMessage(invitation.error)}</p>
            <Link href="/home" className={`${buttonBase} ${buttonClasses.ghost} w-full`}>
              Go to Paddock
            </Link>
          </>
        ) : (
          <>
            <div className="space-y-1">
              <h2 className="text-base font-semibold break-words">
                {invitation.data.invitedBy} invited you to join {invitation.data.farmName}
              </h2>
              <p className="text-sm text-stone-700">
                as {invitation.data.role === 'owner' ? 'an' : 'a'} {roleLabels[invitation.data.role]}
                {invitation.data.accessUntil && `, until ${formatUsDate(invitation.data.accessUntil)}`}.{' '}
                {roleDescriptions[invitation.data.role]}
              </p>
            </div>
            {session.data ? (
              <Accept token={token} invitation={invitation.data} email={session.data.user.email} />
            ) : invitation.data.accountExists ? (
              <div className="space-y-3">
                <p className="text-sm">
                  <span className="font-medium break-all">{invitation.data.email}</span> already has a Paddock
                  account. Sign in to accept the invitation.
                </p>
                <Link
                  href={signInPath(`/invite/${token}`)}
                  className={`${buttonBase} ${buttonClasses.primary} w-full`}
                >
                  Sign In to Accept
                </Link>
              </div>
            ) : (
              <SignUpForm token={token} invitation={invitation.data} />
            )}
          </>
        )}
      </div>
    </main>
  );
}
