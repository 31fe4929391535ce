// The roles on a farm and their names (no schema library: the header's farm switcher reads them on
// the first load). What each may call is the server's permission table (http/permissions.ts).
export const farmRoles = ['owner', 'member', 'sitter'] as const;
export type FarmRole = (typeof farmRoles)[number];

export const roleLabels: Record<FarmRole, string> = {
  owner: 'Owner',
  member: 'Member',
  sitter: 'Farm Sitter',
};

/** What each role may do, in the invite form's words. */
export const roleDescriptions: Record<FarmRole, string> = {
  owner: 'Everything, including members, export and deleting the farm.',
  member: 'Everything about the animals, groups, care and reminders.',
  sitter: 'Sees the herd and reminders, adds notes, weights and the doses they give, marks reminders Done.',
};

/** Owner ⊃ Member ⊃ Farm Sitter. */
const rank: Record<FarmRole, number> = { sitter: 0, member: 1, owner: 2 };

export const roleAtLeast = (role: FarmRole, least: FarmRole) => rank[role] >= rank[least];
