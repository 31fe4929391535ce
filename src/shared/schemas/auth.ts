// What the sign-in and create-account forms accept, and the same rules the server's door to
// Better Auth applies to its bodies (src/server/auth/auth-gateway.ts).
import * as z from 'zod/mini';
import { safeString } from './common';

export const emailSchema = safeString('Enter your email').check(
  z.trim(),
  z.minLength(1, 'Enter your email'),
  z.maxLength(254, 'Must be at most 254 characters'),
  z.email('Enter a valid email address'),
);
const email = emailSchema;

/** Any password a user may type to sign in (the length rule below applies to new ones). */
export const passwordSchema = safeString('Enter your password').check(
  z.minLength(1, 'Enter your password'),
  z.maxLength(128, 'Password must be at most 128 characters'),
);

export const signInSchema = z.object({ email, password: passwordSchema });

export const signUpSchema = z.object({
  email,
  password: passwordSchema.check(z.minLength(8, 'Password must be at least 8 characters')),
});

export type Credentials = z.infer<typeof signInSchema>;

export const emailOnlySchema = z.object({ email });

export const newPasswordSchema = z.object({ password: signUpSchema.shape.password });
