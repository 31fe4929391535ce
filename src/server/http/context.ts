// The Hono environment shared by every route: what middleware puts on the context.
export type AppEnv = {
  Variables: {
    /** set by requireFarm for every /api/v1 route that needs a signed-in user */
    userId: string;
    farmId: string;
    /** a demo farm ('View Demo'): no email, links or feeds, and its writes are limited */
    demo: boolean;
  };
};
