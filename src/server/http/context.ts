// The Hono environment shared by every route: what middleware puts on the context.
export type AppEnv = {
  Variables: {
    /** set by requireFarm for every /api/v1 route that needs a signed-in user */
    userId: string;
    /** the farm in use: the session's choice (the header's switcher) if still a member, else their own */
    farmId: string;
    /** the caller's role on that farm; src/server/http/permissions.ts says what each may call */
    role: 'owner' | 'member' | 'sitter';
    /** the session row, for switching its farm */
    sessionId: string;
    /** a demo farm ('View Demo'): no email, links or feeds, and its writes are limited */
    demo: boolean;
  };
};
