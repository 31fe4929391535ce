// What the sign-in and create-account forms accept; Better Auth enforces the same on the server
// (minPasswordLength 8, maxPasswordLength 128, a valid email).
import * as z from 'zod/mini';

const email = z
  .string()
  .check(z.trim(), z.minLength(1, 'Enter your email'), z.email('Enter a valid email address'));

export const signInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'Enter your password')),
});

export const signUpSchema = z.object({
  email,
  password: z
    .string()
    .check(
      z.minLength(8, 'Password must be at least 8 characters'),
      z.maxLength(128, 'Password must be at most 128 characters'),
    ),
});

export type Credentials = z.infer<typeof signInSchema>;

export const emailOnlySchema = z.object({ email });

export const newPasswordSchema = z.object({ password: signUpSchema.shape.password });
