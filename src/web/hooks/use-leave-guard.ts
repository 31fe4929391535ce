// Asks before a dirty form is left: by a link of the app, by Back (the browser's or the page's), or
// by a reload or closing the tab (the browser's own 'Leave site?'). The router is wouter, which has
// no navigation blocker (React Router's useBlocker needs its data router), so the guard works on
// the browser's own events:
// - a click on a same-origin link is stopped before the router sees it (a capture listener on the
//   document runs before React's root listener), and the dialog asks;
// - Back cannot be cancelled once it happens, so while the form is dirty the page adds one history
//   entry of its own with the same address: Back lands on the page's own entry — the address does
//   not change, the router renders nothing new — and the dialog asks; Leave goes back once more,
//   Cancel puts the extra entry back;
// - `beforeunload` covers a reload and a closed tab.
// Render `<LeaveGuardDialog {...guard.dialog} />` in the page. After a successful save call `allowLeave()` (and await it) before navigating: it removes the
// extra history entry, so the saved form is not one Back away.
import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../components/ui/dialog';

export const leaveMessage = 'You have unsaved changes. Leave this page?';

/** Put on a link (`data-leave-guard="off"`) that leaves on purpose and says so, like Cancel. */
export const leaveGuardOff = { 'data-leave-guard': 'off' } as const;

type Pending = { kind: 'back' } | { kind: 'link'; to: string };

export type LeaveGuard = {
  /** the question's state: render `<LeaveGuardDialog {...guard.dialog} />` once in the page */
  dialog: { open: boolean; onLeave: () => void; onStay: () => void };
  /** stop guarding (a saved form): resolves once the page's extra history entry is gone */
  allowLeave: () => Promise<void>;
};

const sentinelKey = 'paddockLeaveGuard';
const isSentinel = (state: unknown, key: string) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[sentinelKey] === key;

export function useLeaveGuard(isDirty: boolean): LeaveGuard {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const dirty = useRef(isDirty);
  /** the page's extra history entry is there (and is the current one) */
  const sentinel = useRef(false);
  /** where the guarded page is: Back that lands elsewhere (several steps at once) is let go */
  const guarded = useRef('');
  /** saved, or the user chose Leave: guard no more */
  const released = useRef(false);

  useEffect(() => {
    dirty.current = isDirty;
    if (!isDirty || released.current || sentinel.current) return;
    guarded.current = window.location.href;
    const state: unknown = window.history.state;
    window.history.pushState(
      { ...(typeof state === 'object' && state !== null ? state : {}), [sentinelKey]: key },
      '',
      window.location.href,
    );
    sentinel.current = true;
  }, [isDirty, key]);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      if (released.current || !sentinel.current || isSentinel(event.state, key)) return;
      sentinel.current = false;
      if (window.location.href !== guarded.current) return;
      // Back from the page's own entry: ask while dirty, else carry on to where Back was going
      if (dirty.current) setPending({ kind: 'back' });
      else window.history.back();
    };
    const onClick = (event: MouseEvent) => {
      if (!dirty.current || released.current || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      if (link.dataset.leaveGuard === 'off') return;
      const url = new URL(link.href, window.location.href);
      // another site: the browser's own beforeunload question covers it
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', to: `${url.pathname}${url.search}${url.hash}` });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current || released.current) return;
      event.preventDefault();
      // older browsers ask only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [key]);

  const allowLeave = useCallback(async () => {
    released.current = true;
    setPending(null);
    if (!sentinel.current || !isSentinel(window.history.state, key)) return;
    sentinel.current = false;
    await new Promise<void>((resolve) => {
      window.addEventListener('popstate', () => resolve(), { once: true });
      window.history.back();
    });
  }, [key]);

  const stay = () => {
    if (pending?.kind === 'back') {
      // put the page's own entry back, for the next Back
      window.history.pushState({ [sentinelKey]: key }, '', window.location.href);
      sentinel.current = true;
    }
    setPending(null);
  };

  const leave = () => {
    released.current = true;
    setPending(null);
    if (pending?.kind === 'back') window.history.back();
    // the link's page takes the place of the page's own entry (a plain visit's history)
    else if (pending) navigate(pending.to, { replace: sentinel.current });
  };

  return { dialog: { open: pending !== null, onLeave: leave, onStay: stay }, allowLeave };
}

/** The guard's question: render `<LeaveGuardDialog {...guard.dialog} />` once in the page. */
export function LeaveGuardDialog({ open, onLeave, onStay }: LeaveGuard['dialog']) {
  return createElement(ConfirmDialog, {
    open,
    title: 'Unsaved changes',
    message: leaveMessage,
    confirmLabel: 'Leave',
    onConfirm: onLeave,
    onCancel: onStay,
  });
}
