// "Forgot your password?": asks for a reset link by email (the same answer whether or not an
// account exists, so the form tells nobody which addresses are registered).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { emailOnlySchema } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { requestPasswordReset } from '../../lib/session';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <div className="space-y-4">
      {sentTo ? (
        <p
          role="status"
          className="rounded-md border border-brand-600 bg-brand-50 p-3 text-sm text-brand-900"
        >
          If an account exists for <strong>{sentTo}</strong>, we sent it a link to choose a new password. The
          link works once, for one hour.
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        <button
          type="button"
          onClick={onBack}
          className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          Back to sign in
        </button>
      </p>
    </div>
  );
}
