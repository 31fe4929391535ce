// Deleting an account: the user types their sign-in email to confirm (compared case-insensitively).
import * as z from 'zod/mini';
import { requiredText } from './common';

export const accountDeleteSchema = z.strictObject({
  email: requiredText('Email', 254),
});
export type AccountDelete = z.input<typeof accountDeleteSchema>;

/** The same comparison in the dialog (to enable its button) and on the server (to allow it). */
export const confirmsEmail = (typed: string, accountEmail: string) =>
  typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();
