// The Account page's danger zone: 'Delete account' opens a dialog that says what goes and asks
// for the sign-in email, typed, before the button works. Built on the native <dialog> like
// ConfirmDialog (focus moves in, Escape cancels, the page behind is inert), plus the field.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { confirmsEmail } from '../../../shared/schemas/account';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { forgetChangesOf } from '../../lib/outbox';
import { forgetReads } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { useDeleteAccount } from './api/delete-account';

function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const remove = useDeleteAccount();
  const [, navigate] = useLocation();
  const toast = useToast();
  const session = useSession();
  const busy = remove.isPending || remove.isSuccess;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

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
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl border border-stone-200 bg-white p-5 shadow-xl backdrop:bg-black/40"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmsEmail(typed, email) && !busy) void confirm();
        }}
        noValidate
        className="space-y-4"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Delete your account?
        </h2>
        <p id={`${id}-message`} className="text-sm text-stone-700">
          This deletes your account and your farm for good: every group, animal, photo, care entry and
          reminder, and your profile. It cannot be undone. A farm shared with another owner stays with them;
          you only leave it.
        </p>
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
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={busy || !confirmsEmail(typed, email)}>
            {busy ? 'Deleting...' : 'Delete account'}
          </Button>
        </div>
      </form>
    </dialog>
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
