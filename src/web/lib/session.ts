// The signed-in session and the calls that change it (Better Auth's endpoints under /api/auth).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { keys } from './query-keys';

export type Session = { user: { id: string; email: string; emailVerified: boolean } } | null;

/** Whether a query of the cache (an event's, a filter's) is the session's. */
export const isSessionQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] === keys.session;

export const sessionQuery = queryOptions({
  queryKey: [keys.session],
  queryFn: () => api.get<Session>('/api/auth/get-session'),
  staleTime: 60_000,
});

export const useSession = () => useQuery(sessionQuery);

/** Where a confirmation link lands: /auth, which sends a signed-in user on to /home. */
export const confirmedCallback = '/auth?confirmed=1';

export const signIn = (email: string, password: string) =>
  api.post('/api/auth/sign-in/email', { email, password, rememberMe: true });

export const signUp = (email: string, password: string) =>
  api.post('/api/auth/sign-up/email', {
    email,
    password,
    name: '',
    callbackURL: confirmedCallback,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

export const resendConfirmation = (email: string) =>
  api.post('/api/auth/send-verification-email', { email, callbackURL: confirmedCallback });

export const signOut = () => api.post('/api/auth/sign-out');

export const signOutEverywhere = () => api.post('/api/auth/revoke-sessions');

export const requestPasswordReset = (email: string) =>
  api.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });

export const resetPassword = (token: string, newPassword: string) =>
  api.post('/api/auth/reset-password', { token, newPassword });
