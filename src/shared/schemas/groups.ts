// Herd groups: what the API accepts and answers, and the colours a group can take.
import * as z from 'zod/mini';
import { defaultGroupColor } from '../groups/colors';
import { optionalText, recordId, requiredText } from './common';

export { defaultGroupColor, groupColors } from '../groups/colors';

const rgba = /^rgba\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(0|1|0?\.\d+|1\.0+)\s*\)$/;
const hex = /^#[0-9a-f]{6}$/i;

export function isColor(value: string): boolean {
  const match = rgba.exec(value);
  if (match) return [match[1], match[2], match[3]].every((part) => Number(part) <= 255);
  return hex.test(value);
}

export const groupColorSchema = z
  .string()
  .check(z.trim(), z.refine(isColor, 'Use a colour like rgba(59,130,246,1) or #3b82f6'));

export const groupNameSchema = requiredText('Group name', 60);

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  color: z.string(),
  animalCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupCreateSchema = z.strictObject({
  /** a client may choose the id, which makes retrying a create safe */
  id: z.optional(recordId('Must be a UUID')),
  name: groupNameSchema,
  description: z.optional(optionalText(500)),
  color: z._default(groupColorSchema, defaultGroupColor),
});
export type GroupCreate = z.input<typeof groupCreateSchema>;

export const groupUpdateSchema = z.partial(
  z.strictObject({
    name: groupNameSchema,
    description: optionalText(500),
    color: groupColorSchema,
  }),
);
export type GroupUpdate = z.input<typeof groupUpdateSchema>;
