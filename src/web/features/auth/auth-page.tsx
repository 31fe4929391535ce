// /auth: sign in or create an account; after sign-up, confirm by email (with a way to resend).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { signInSchema, signUpSchema, type Credentials } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { returnPath } from '../../lib/return-path';
import { resendConfirmation, sessionQuery, signIn, signUp, useSession } from '../../lib/session';
import { ForgotPasswordForm } from './forgot-password-form';

type Mode = 'sign-in' | 'sign-up' | 'forgot';

const headings: Record<Mode, { title: string; intro: string }> = {
  'sign-in': { title: 'Sign In', intro: 'Welcome back to your farm records.' },
  'sign-up': { title: 'Create an Account', intro: 'Start keeping your animal records in one place.' },
  forgot: { title: 'Reset your password', intro: 'We will email you a link to choose a new one.' },
};

function linkProblem(code: string | null): string | null {
  if (!code) return null;
  if (code === 'TOKEN_EXPIRED') return 'This confirmation link has expired. Sign in to get a new one.';
  return 'This confirmation link is not valid any more. Sign in, or ask for a new link.';
}

function CredentialsForm({
  mode,
  onDone,
}: {
  mode: Mode;
  onDone: (email: string, unconfirmed: boolean) => void;
}) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const form = useForm<Credentials>({
    resolver: zodResolver(mode === 'sign-in' ? signInSchema : signUpSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      if (mode === 'sign-up') {
        await signUp(email, password);
        toast({ title: 'Success', description: 'Please check your email to confirm your account.' });
        onDone(email, true);
        return;
      }
      await signIn(email, password);
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      navigate(returnPath(new URLSearchParams(window.location.search).get('next')), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        toast({
          title: 'Error',
          description: 'Please confirm your email address before signing in.',
          variant: 'destructive',
        });
        onDone(email, true);
        return;
      }
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
        hint={mode === 'sign-up' ? 'At least 8 characters.' : undefined}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {mode === 'sign-in'
          ? isSubmitting
            ? 'Signing In...'
            : 'Sign In'
          : isSubmitting
            ? 'Creating Account...'
            : 'Create Account'}
      </Button>
    </form>
  );
}

function ConfirmationNotice({ email }: { email: string }) {
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await resendConfirmation(email);
      toast({ title: 'Email sent', description: `We sent a new confirmation link to ${email}.` });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        We sent a confirmation link to <strong>{email}</strong>. Open it to finish, then sign in here.
      </p>
      <Button variant="secondary" disabled={sending} onClick={() => void resend()}>
        {sending ? 'Sending...' : 'Resend confirmation email'}
      </Button>
    </div>
  );
}

export default function AuthPage() {
  const session = useSession();
  const [params] = useSearchParams();
  // 'Create an Account' links (the demo's banner) open the sign-up tab
  const [mode, setMode] = useState<Mode>(() => (params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in'));
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);

  if (session.data) return <Redirect to={returnPath(params.get('next'))} replace />;

  const problem = linkProblem(params.get('error'));
  const confirmed = params.get('confirmed') === '1' && !problem;

  return (
    <main className="flex min-h-dvh items-start justify-center bg-brand-50 px-4 py-10 sm:items-center">
      <div className="w-full max-w-sm space-y-6 rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
        <div className="space-y-1 text-center">
          <a href="/" className="inline-flex items-center gap-2 text-lg font-bold text-brand-800">
            <img src="/favicon.svg" alt="" className="size-7" /> Paddock
          </a>
          <h1 className="text-2xl font-semibold">{headings[mode].title}</h1>
          <p className="text-sm text-stone-600">{headings[mode].intro}</p>
        </div>

        {problem && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {problem}
          </p>
        )}
        {confirmed && (
          <p
            role="status"
            className="rounded-md border border-brand-600 bg-brand-50 p-3 text-sm text-brand-900"
          >
            Your email address is confirmed. Please sign in.
          </p>
        )}
        {unconfirmedEmail && <ConfirmationNotice email={unconfirmedEmail} />}

        {mode === 'forgot' ? (
          <ForgotPasswordForm onBack={() => setMode('sign-in')} />
        ) : (
          <CredentialsForm
            key={mode}
            mode={mode}
            onDone={(email, unconfirmed) => {
              setUnconfirmedEmail(unconfirmed ? email : null);
              setMode('sign-in');
            }}
          />
        )}

        {mode === 'sign-in' && (
          <p className="text-center text-sm">
            <button
              type="button"
              className="text-brand-700 underline underline-offset-4 hover:text-brand-900"
              onClick={() => setMode('forgot')}
            >
              Forgot your password?
            </button>
          </p>
        )}

        <p hidden={mode === 'forgot'} className="text-center text-sm text-stone-700">
          {mode === 'sign-in' ? "Don't have an account? " : 'Already have an account? '}
          <button
            type="button"
            className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
            onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
          >
            {mode === 'sign-in' ? 'Create an account' : 'Sign in'}
          </button>
        </p>
      </div>
    </main>
  );
}
