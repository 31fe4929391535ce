// Farm sharing: Account → 'Farm Members' (invite, change a role, remove, leave), the header's farm
// switcher, and the invitation link's page. What each role may do is the server's permission table.
import * as z from 'zod/mini';
import { emailSchema, passwordSchema } from './auth';
import { calendarDate, optionalText } from './common';
import { farmRoles } from '../members/roles';

export { farmRoles, roleDescriptions, roleLabels, type FarmRole } from '../members/roles';

const role = z.enum(farmRoles, 'Choose a role');
/** A farm sitter's last day; blank for no end. Only a sitter's access ends by itself. */
const accessUntil = z.pipe(
  z.nullish(z.union([z.literal(''), calendarDate()])),
  z.transform((value) => (value ? value : null)),
);

export const invitationCreateSchema = z.strictObject({
  email: emailSchema,
  role,
  accessUntil: z.optional(accessUntil),
});
export type InvitationCreate = z.input<typeof invitationCreateSchema>;

export const memberUpdateSchema = z.strictObject({
  role,
  accessUntil: z.optional(accessUntil),
});
export type MemberUpdate = z.input<typeof memberUpdateSchema>;

export const farmSwitchSchema = z.strictObject({ farmId: z.string('Choose a farm') });

export const invitationAcceptSchema = z.strictObject({ token: z.string('The invitation link is not valid') });

export const invitationSignUpSchema = z.strictObject({
  name: z.optional(optionalText(100)),
  password: passwordSchema.check(z.minLength(8, 'Password must be at least 8 characters')),
});
export type InvitationSignUp = z.input<typeof invitationSignUpSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  accessUntil: z.nullable(z.string()),
  /** a farm sitter whose last day has passed in the farm's zone: no access (owners only see them) */
  accessEnded: z.boolean(),
  /** the signed-in person's own row */
  you: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role,
  accessUntil: z.nullable(z.string()),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const farmMembersSchema = z.object({
  /** the signed-in person's role on the farm in use */
  role,
  members: z.array(memberSchema),
  /** invitations still out (owners only; others get an empty list) */
  invitations: z.array(invitationSchema),
});
export type FarmMembers = z.infer<typeof farmMembersSchema>;

export const farmChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role,
});
export const farmsSchema = z.object({
  /** the farm in use */
  current: z.string(),
  farms: z.array(farmChoiceSchema),
});
export type Farms = z.infer<typeof farmsSchema>;

/** What the invitation link's page shows before anyone signs in. */
export const publicInvitationSchema = z.object({
  farmName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  role,
  accessUntil: z.nullable(z.string()),
  /** the address already has an account: sign in to accept, rather than sign up */
  accountExists: z.boolean(),
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

/** A farm without a name, as the switcher and the emails show it. */
export const farmDisplayName = (name: string | null | undefined, ownerName?: string | null) =>
  name?.trim() || (ownerName?.trim() ? `${ownerName.trim()}'s farm` : 'Unnamed farm');
