import { ts, type Queryable } from '@nebula/db';
import type { ActivitySource, FlipFriendsKind, KindActivity } from './flip-friends.activity-source';

/**
 * Reads the operators' activities (table `activities`) for 幸运翻牌 and the friend activities:
 * published ones (not drafts; an ended one still pays its friends' rewards); the page's is the
 * one running now, else the latest that has started.
 */
type Raw = { id: number; title: string; starts_at: Date; ends_at: Date; rule: unknown };
const toActivity = (r: Raw): KindActivity => ({
  id: Number(r.id),
  title: r.title,
  startsAt: new Date(r.starts_at).getTime(),
  endsAt: new Date(r.ends_at).getTime(),
  rule: typeof r.rule === 'string' ? (JSON.parse(r.rule) as unknown) : r.rule,
});

export const sqlActivitySource: ActivitySource = {
  async pick(q: Queryable, kind: FlipFriendsKind, now: number, id?: number) {
    const r = await q.query<Raw>(
      `SELECT id, title, starts_at, ends_at, rule FROM activities
        WHERE kind = $1 AND status <> 'draft' AND starts_at <= $2 AND ($3::int IS NULL OR id = $3)
        ORDER BY (ends_at > $2) DESC, starts_at DESC, id DESC LIMIT 1`,
      [kind, ts(now), id ?? null],
    );
    return r.rows[0] ? toActivity(r.rows[0]) : null;
  },
  async started(q: Queryable, kind: FlipFriendsKind, now: number) {
    const r = await q.query<Raw>(
      `SELECT id, title, starts_at, ends_at, rule FROM activities
        WHERE kind = $1 AND status <> 'draft' AND starts_at <= $2 ORDER BY id`,
      [kind, ts(now)],
    );
    return r.rows.map(toActivity);
  },
};
