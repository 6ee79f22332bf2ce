import type { Plugin } from 'vite';
import type { RouteMeta } from '../packages/protocol/src/api/core/route';
import { routeMeta } from '../packages/protocol/src/api/route-meta';

/** What the member site's request client reads of a call (apps/web/src/lib/api-client.ts). */
export interface MemberCallMeta {
  method: RouteMeta['method'];
  path: string;
  signed: boolean;
  money?: true;
}

/**
 * The member site's table of calls: every call but the operators' (the site never makes them),
 * each with only its method, path, signature and money flag. The protocol's table also carries
 * each call's summary and tag for the API documents, and the operators' calls: bundled whole it
 * cost the site's first route 9 KiB gzipped and grew with every call added.
 */
export function memberCallTable(
  table: Record<string, RouteMeta> = routeMeta,
): Record<string, MemberCallMeta> {
  const out: Record<string, MemberCallMeta> = {};
  for (const [name, m] of Object.entries(table)) {
    if (m.auth === 'admin') continue;
    out[name] = {
      method: m.method,
      path: m.path,
      signed: m.signed,
      ...('money' in m && m.money ? { money: true as const } : {}),
    };
  }
  return out;
}

const SOURCE = '@nebula/protocol/api/route-meta';
const VIRTUAL = '\0nebula-member-route-meta';

/**
 * In the site's build, `@nebula/protocol/api/route-meta` resolves to `memberCallTable()` as
 * plain JSON. Types still come from the protocol (the site imports them type-only), and the
 * web's unit tests run against the whole table.
 */
export function memberRouteMeta(): Plugin {
  return {
    name: 'nebula-member-route-meta',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === SOURCE ? VIRTUAL : null),
    load: (id) =>
      id === VIRTUAL ? `export const routeMeta = ${JSON.stringify(memberCallTable())};\n` : null,
  };
}
