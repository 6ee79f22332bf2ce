import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';

/** A schema, or a loader of one (the first route's pages load theirs on first validation). */
export type SchemaSource = z.ZodObject | (() => Promise<z.ZodObject>);

/**
 * An antd form rule from one field of a protocol request schema: the console validates with
 * the very schema the server parses, so a form never sends what the server would refuse for
 * its shape. The message is the schema's own issue, or `message` when given.
 */
export function zodRule(source: SchemaSource, field: string, message?: string): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const schema = typeof source === 'function' ? await source() : source;
      const fieldSchema = schema.shape[field] as z.ZodType | undefined;
      if (!fieldSchema) return;
      const r = fieldSchema.safeParse(value === '' ? undefined : value);
      if (!r.success) throw new Error(message ?? r.error.issues[0]?.message ?? '格式不正确');
    },
  };
}
