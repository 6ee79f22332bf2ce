import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEXT_CHECKED } from '../rules/text';
import { clientMessageSchemas } from '../ws/messages';
import { routes } from './routes';

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every string leaf of a schema that accepts free text without the control-character check. */
function uncheckedStrings(schema: z.ZodType, path: string, out: string[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const meta: Record<string, unknown> | undefined = z.globalRegistry.get(schema);
      const checks = (def.checks ?? []) as { _zod: { def: { format?: string; check?: string } } }[];
      // A pattern (username, money, date) or a format (uuid) already refuses control characters.
      const shaped =
        def.format !== undefined || checks.some((c) => c._zod.def.format !== undefined);
      if (meta?.[TEXT_CHECKED] === undefined && !shaped) out.push(path);
      return;
    }
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        uncheckedStrings(value, `${path}.${key}`, out);
      }
      if (def.catchall) uncheckedStrings(def.catchall as z.ZodType, `${path}.*`, out);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      uncheckedStrings(def.innerType as z.ZodType, path, out);
      return;
    case 'array':
      uncheckedStrings(def.element as z.ZodType, `${path}[]`, out);
      return;
    case 'union':
      (def.options as z.ZodType[]).forEach((o, i) => uncheckedStrings(o, `${path}|${i}`, out));
      return;
    case 'intersection':
      uncheckedStrings(def.left as z.ZodType, path, out);
      uncheckedStrings(def.right as z.ZodType, path, out);
      return;
    case 'pipe':
      uncheckedStrings(def.in as z.ZodType, path, out);
      return;
    case 'record':
      uncheckedStrings(def.keyType as z.ZodType, `${path}{key}`, out);
      uncheckedStrings(def.valueType as z.ZodType, `${path}{}`, out);
      return;
    case 'lazy':
      return;
    default:
      return;
  }
}

describe('every request text field refuses control characters', () => {
  it('HTTP routes: body, query and params', () => {
    const found: string[] = [];
    for (const [name, route] of Object.entries(routes)) {
      for (const part of ['body', 'query', 'params'] as const) {
        const schema = route[part as keyof typeof route] as z.ZodType | undefined;
        if (schema) uncheckedStrings(schema, `${name}.${part}`, found);
      }
    }
    expect(found).toEqual([]);
  });

  it('socket frames a client sends', () => {
    const found: string[] = [];
    for (const [id, schema] of Object.entries(clientMessageSchemas)) {
      uncheckedStrings(schema as z.ZodType, `msg ${id}`, found);
    }
    expect(found).toEqual([]);
  });
});
