// /reset-password?token=…: where the emailed reset link lands; choosing a new password signs the
// account out everywhere, then the user signs in again.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'wouter';
import { newPasswordSchema } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { resetPassword } from '../../lib/session';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const toast = useToast();
  const token = params.get('token');
  const form = useForm<{ password: string }>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await resetPassword(token ?? '', password);
      toast({ title: 'Password changed', description: 'Please sign in with your new password.' });
      navigate('/auth', { replace: true });
    } catch (error) {
      const message =
        error instanceof ApiError && error.code === 'INVALID_TOKEN'
          ? 'This link has expired or was already used. Ask for a new one.'
          : errorMessage(error);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  });

  return (
    <main className="flex min-h-dvh items-start justify-center bg-brand-50 px-4 py-10 sm:items-center">
      <div className="w-full max-w-sm space-y-6 rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
        <h1 className="text-center text-2xl font-semibold">Choose a new password</h1>
        {!token || params.get('error') ? (
          <div role="alert" className="space-y-3 text-center text-sm">
            <p>This link has expired or was already used.</p>
            <Link href="/auth" className="font-medium text-brand-700 underline underline-offset-4">
              Ask for a new one
            </Link>
          </div>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters. You will be signed out on every device."
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Button type="submit" disabled={isSubmitting} className="w-full">
              {isSubmitting ? 'Saving...' : 'Save new password'}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
