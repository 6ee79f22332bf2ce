import type { Queryable } from '@nebula/db';

export interface HelpDocRow {
  slug: string;
  title: string;
  category: string;
  sort: number;
  body: string;
  version: number;
  updatedBy: string;
  updatedAt: number;
}

export interface HelpSeedDoc {
  slug: string;
  title: string;
  category: string;
  sort: number;
  body: string;
}

type DbRow = {
  slug: string;
  title: string;
  category: string;
  sort: number;
  body: string;
  version: number;
  updated_by: string;
  updated_at: Date;
};

const toDoc = (r: DbRow): HelpDocRow => ({
  slug: r.slug,
  title: r.title,
  category: r.category,
  sort: r.sort,
  body: r.body,
  version: r.version,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at.getTime(),
});

/**
 * Inserts each page that has no row yet, with its first version: a first start seeds, later
 * starts keep the operators' edits (and several nodes starting at once insert each page once).
 */
export async function insertMissingDocs(q: Queryable, docs: HelpSeedDoc[]): Promise<number> {
  let inserted = 0;
  for (const d of docs) {
    const r = await q.query(
      `INSERT INTO help_docs (slug, title, category, sort, body, version, updated_by)
       VALUES ($1, $2, $3, $4, $5, 1, 'system') ON CONFLICT (slug) DO NOTHING RETURNING slug`,
      [d.slug, d.title, d.category, d.sort, d.body],
    );
    if (r.rowCount === 0) continue;
    inserted += 1;
    await q.query(
      `INSERT INTO help_doc_versions (slug, version, title, body, saved_by) VALUES ($1, 1, $2, $3, 'system')`,
      [d.slug, d.title, d.body],
    );
  }
  return inserted;
}

export async function readDocs(q: Queryable): Promise<HelpDocRow[]> {
  const r = await q.query<DbRow>(
    'SELECT slug, title, category, sort, body, version, updated_by, updated_at FROM help_docs ORDER BY sort, slug',
  );
  return r.rows.map(toDoc);
}

export async function readVersions(q: Queryable, slug: string) {
  const r = await q.query<{ version: number; title: string; saved_by: string; saved_at: Date }>(
    'SELECT version, title, saved_by, saved_at FROM help_doc_versions WHERE slug = $1 ORDER BY version DESC LIMIT 50',
    [slug],
  );
  return r.rows.map((v) => ({
    version: v.version,
    title: v.title,
    savedBy: v.saved_by,
    savedAt: v.saved_at.getTime(),
  }));
}

/**
 * Saves a new version over `baseVersion` by compare-and-set: null when the page has moved on
 * (someone saved in between) or does not exist.
 */
export async function saveDoc(
  q: Queryable,
  input: { slug: string; title: string; body: string; baseVersion: number; by: string; at: Date },
): Promise<HelpDocRow | null> {
  const r = await q.query<DbRow>(
    `UPDATE help_docs SET title = $2, body = $3, version = version + 1, updated_by = $5, updated_at = $6
     WHERE slug = $1 AND version = $4
     RETURNING slug, title, category, sort, body, version, updated_by, updated_at`,
    [input.slug, input.title, input.body, input.baseVersion, input.by, input.at],
  );
  const row = r.rows[0];
  if (!row) return null;
  await q.query(
    `INSERT INTO help_doc_versions (slug, version, title, body, saved_by, saved_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [row.slug, row.version, row.title, row.body, input.by, input.at],
  );
  return toDoc(row);
}
