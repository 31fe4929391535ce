// The Account page's danger zone: 'Delete account' opens a dialog that says what goes and asks
// for the sign-in email, typed, before the button works: the app's one Dialog, with the field.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { confirmsEmail } from '../../../shared/schemas/account';
import { Button } from '../../components/ui/button';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { forgetChangesOf } from '../../lib/outbox';
import { forgetReads } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { useDeleteAccount } from './api/delete-account';

function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const remove = useDeleteAccount();
  const [, navigate] = useLocation();
  const toast = useToast();
  const session = useSession();
  const busy = remove.isPending || remove.isSuccess;

  const confirm = async () => {
    try {
      await remove.mutateAsync({ email: typed });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.email) setFieldError(error.fields.email[0]);
      else toast({ title: errorMessage(error), variant: 'destructive' });
      return;
    }
    // The server has cleared the session cookie; forget everything this tab knew, and what this
    // person left waiting on the device.
    if (session.data) await forgetChangesOf(session.data.user.id);
    await forgetReads();
    toast({
      title: 'Your account has been deleted',
      description: 'Every record and photo of your farm is gone.',
    });
    navigate('/', { replace: true });
  };

  return (
    <Dialog
      open
      title="Delete your account?"
      message="This deletes your account and your farm for good: every group, animal, photo, care entry and reminder, and your profile. It cannot be undone. A farm shared with another owner stays with them; you only leave it."
      busy={busy}
      onCancel={onClose}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmsEmail(typed, email) && !busy) void confirm();
        }}
        noValidate
        className="space-y-4"
      >
        <TextField
          label="Type your email to confirm"
          type="email"
          autoComplete="off"
          spellCheck={false}
          hint={email}
          value={typed}
          error={fieldError}
          disabled={busy}
          onChange={(event) => {
            setTyped(event.target.value);
            setFieldError(undefined);
          }}
        />
        <DialogButtons>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={busy || !confirmsEmail(typed, email)}>
            {busy ? 'Deleting...' : 'Delete account'}
          </Button>
        </DialogButtons>
      </form>
    </Dialog>
  );
}

export function DeleteAccountSection() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const email = session.data?.user.email;
  return (
    <section
      aria-labelledby="danger-heading"
      className="space-y-3 rounded-xl border border-red-200 bg-white p-4 shadow-sm"
    >
      <h2 id="danger-heading" className="text-lg font-semibold text-red-800">
        Danger zone
      </h2>
      <p className="text-sm text-stone-700">
        Delete your account and every record and photo of your farm. This cannot be undone.
      </p>
      <Button variant="destructive" disabled={!email} onClick={() => setOpen(true)}>
        Delete account
      </Button>
      {open && email && <DeleteAccountDialog email={email} onClose={() => setOpen(false)} />}
    </section>
  );
}
