// The colours a group can take, apart from the schemas: a group's card only shows its colour, and
// Home should not load and build the zod schemas for that.
export const groupColors = [
  { name: 'Blue', value: 'rgba(59,130,246,1)' },
  { name: 'Green', value: 'rgba(34,197,94,1)' },
  { name: 'Red', value: 'rgba(239,68,68,1)' },
  { name: 'Orange', value: 'rgba(249,115,22,1)' },
  { name: 'Purple', value: 'rgba(168,85,247,1)' },
] as const;
export const defaultGroupColor = 'rgba(239,133,50,1)';
