// Toasts: a title and a description, announced politely, gone after a few seconds. They sit at
// the bottom, above the phone's tab bar, so that they never cover a page's first buttons.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { buttonBase, buttonClasses } from './button';

/** A button on the toast ('Undo', 'Record Dose'): pressing it runs `onClick` and closes the toast. */
export type ToastAction = { label: string; onClick: () => void };
type Toast = {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  actions?: ToastAction[];
};
type ShowToast = (toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }) => void;

const ToastContext = createContext<ShowToast>(() => {});

export const useToast = () => useContext(ToastContext);

let nextId = 1;

export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    [],
  );
  const show = useCallback<ShowToast>(
    (toast) => {
      const id = nextId++;
      setToasts((list) => [...list.slice(-2), { variant: 'default', ...toast, id }]);
      // a toast with buttons stays longer: time to reach them by keyboard or thumb
      window.setTimeout(() => dismiss(id), toast.actions?.length ? 12000 : 6000);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center gap-2 px-3 md:bottom-4"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            data-testid="toast"
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${
              toast.variant === 'destructive'
                ? 'border-red-300 bg-red-50 text-red-900'
                : 'border-stone-200 bg-white text-stone-900'
            }`}
          >
            <div className="flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-0.5 text-sm">{toast.description}</p>}
              {toast.actions?.length ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {toast.actions.map((action) => (
                    <button
                      key={action.label}
                      type="button"
                      onClick={() => {
                        dismiss(toast.id);
                        action.onClick();
                      }}
                      className={`${buttonBase} ${buttonClasses.secondary}`}
                    >
                      {action.label}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="rounded px-1 text-lg leading-none text-stone-500 hover:text-stone-900"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
