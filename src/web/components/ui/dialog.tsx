// The app's one modal, on the native <dialog>: focus moves into it, Escape cancels (unless busy),
// and the rest of the page is inert while it is open. `ConfirmDialog` is its common use: a
// question, Cancel and one destructive answer; a dialog that asks for more (deleting the account
// asks for the email, typed) puts its form in `Dialog` itself.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';

export function Dialog({
  open,
  title,
  message,
  busy = false,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  busy?: boolean;
  onCancel: () => void;
  /** what comes under the message: the answers, and any field they need */
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl border border-stone-200 bg-white p-5 shadow-xl backdrop:bg-black/40"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p id={`${id}-message`} className="mt-2 text-sm text-stone-700">
        {message}
      </p>
      <div className="mt-5">{children}</div>
    </dialog>
  );
}

/** Cancel and the destructive answer, side by side at the dialog's foot. */
export function DialogButtons({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-2">{children}</div>;
}

export function ConfirmDialog({
  confirmLabel,
  busyLabel,
  busy = false,
  onConfirm,
  onCancel,
  ...dialog
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog {...dialog} busy={busy} onCancel={onCancel}>
      {/* showModal() focuses Cancel, the safe answer, as the dialog's first control. (React's
          autoFocus focused it as the page mounted, the dialog closed: a layout of the whole page
          on every page with a delete button, 20–70 ms on a phone.) */}
      <DialogButtons>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
        </Button>
      </DialogButtons>
    </Dialog>
  );
}
