import {
  ErrorCode,
  HELP_SLUGS,
  fillPlaceholders,
  markdownText,
  parseMarkdown,
  placeholdersOf,
  type HelpCategory,
  type HelpDoc,
  type HelpIndexItem,
  type HelpSlug,
  type AdminHelpFilter,
} from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { SettingsService } from '../settings/settings.service';
import { HELP_SEED } from './help-content';
import { helpFigures } from './help-figures';
import * as repo from './help.repository';
import type { HelpDocRow } from './help.repository';

const SUMMARY_LENGTH = 60;
const SNIPPET_RADIUS = 30;

export interface HelpServiceDeps {
  db: Db;
  bus: Bus;
  clock: Clock;
  settings: SettingsService;
  audit: AuditService;
}

/**
 * The help centre: 21 operator-editable Markdown pages, seeded on first start, versioned, their
 * `{{figures}}` filled from the live site settings each time a page is served. Each node keeps
 * the stored pages in memory (they change rarely); a save anywhere clears every node's copy
 * over the bus. Figures are never cached with them, so a settings change shows at once.
 */
export class HelpService {
  #docs: Promise<Map<string, HelpDocRow>> | null = null;

  constructor(private readonly d: HelpServiceDeps) {}

  async start(): Promise<void> {
    await this.d.bus.subscribe('help.changed', () => {
      this.#docs = null;
    });
  }

  /** Writes every page that has no row yet (first start, or a page added in a release). */
  async seed(): Promise<void> {
    const inserted = await this.d.db.tx((q) => repo.insertMissingDocs(q, HELP_SEED));
    if (inserted > 0) this.#docs = null;
  }

  async index(): Promise<HelpIndexItem[]> {
    const figures = helpFigures(await this.d.settings.get());
    return [...(await this.#all()).values()].map((doc) => ({
      slug: doc.slug as HelpSlug,
      title: doc.title,
      category: doc.category as HelpCategory,
      summary: summaryOf(plain(doc, figures, false)),
    }));
  }

  async doc(slug: HelpSlug): Promise<HelpDoc> {
    const doc = (await this.#all()).get(slug);
    if (!doc) throw new AppError(ErrorCode.HelpDocNotFound);
    return this.#present(doc, helpFigures(await this.d.settings.get()));
  }

  /** Pages whose title or text holds the words (case-insensitive), titles first. */
  async search(query: string) {
    const needle = query.toLowerCase();
    const figures = helpFigures(await this.d.settings.get());
    const hits: {
      slug: HelpSlug;
      title: string;
      category: HelpCategory;
      snippet: string;
      rank: number;
    }[] = [];
    for (const doc of (await this.#all()).values()) {
      const text = plain(doc, figures);
      const inTitle = doc.title.toLowerCase().includes(needle);
      const at = text.toLowerCase().indexOf(needle);
      if (!inTitle && at < 0) continue;
      hits.push({
        slug: doc.slug as HelpSlug,
        title: doc.title,
        category: doc.category as HelpCategory,
        snippet: at < 0 ? summaryOf(text) : snippetAt(text, at, needle.length),
        rank: inTitle ? 0 : 1,
      });
    }
    return hits.sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...hit }) => hit);
  }

  // --- operators

  /** The operators' list, filtered by category and part of the slug or title (any case). */
  async adminList(f: AdminHelpFilter = {}) {
    const needle = f.q?.toLowerCase();
    return [...(await this.#all()).values()]
      .map((doc) => {
        const { body: _body, ...rest } = this.#present(doc, {});
        return rest;
      })
      .filter(
        (d) =>
          (!f.category || d.category === f.category) &&
          (!needle ||
            d.slug.toLowerCase().includes(needle) ||
            d.title.toLowerCase().includes(needle)),
      );
  }

  /** A page of the operators' list: the pages are few and every node holds them (no query). */
  async adminPage(f: AdminHelpFilter & { page: number; pageSize: number }) {
    const all = await this.adminList(f);
    const list = all.slice((f.page - 1) * f.pageSize, f.page * f.pageSize);
    return { list, page: f.page, pageSize: f.pageSize, total: all.length };
  }

  async adminDoc(slug: HelpSlug) {
    const doc = (await this.#fresh()).get(slug);
    if (!doc) throw new AppError(ErrorCode.HelpDocNotFound);
    const figures = helpFigures(await this.d.settings.get());
    return {
      ...this.#present(doc, {}),
      updatedBy: doc.updatedBy,
      placeholders: figures,
      versions: await repo.readVersions(this.d.db, slug),
    };
  }

  /**
   * Saves a new version of a page (audited). `baseVersion` is the version the operator edited:
   * when someone saved in between, 9301 and nothing changes. A placeholder the site does not
   * fill is refused (9302) rather than shown to members as `{{…}}`.
   */
  async save(
    actor: string,
    slug: HelpSlug,
    input: { title: string; body: string; baseVersion: number },
  ) {
    const known = helpFigures(await this.d.settings.get());
    const unknown = placeholdersOf(input.body).filter((name) => !(name in known));
    if (unknown.length > 0) throw new AppError(ErrorCode.HelpPlaceholderUnknown, { unknown });
    const saved = await this.d.db.tx(async (q) => {
      const row = await repo.saveDoc(q, {
        slug,
        title: input.title,
        body: input.body,
        baseVersion: input.baseVersion,
        by: actor,
        at: new Date(this.d.clock.now()),
      });
      if (!row) return null;
      await this.d.audit.record(q, {
        actor,
        action: 'help.save',
        target: `help:${slug}`,
        before: { version: input.baseVersion },
        after: { version: row.version, title: row.title },
      });
      return row;
    });
    if (!saved) {
      const current = (await this.#fresh()).get(slug);
      if (!current) throw new AppError(ErrorCode.HelpDocNotFound);
      throw new AppError(ErrorCode.HelpVersionConflict, { version: current.version });
    }
    this.#docs = null;
    await this.d.bus.publish('help.changed', {});
    return this.adminDoc(slug);
  }

  #present(doc: HelpDocRow, figures: Record<string, string>): HelpDoc {
    return {
      slug: doc.slug as HelpSlug,
      title: doc.title,
      category: doc.category as HelpCategory,
      body: fillPlaceholders(doc.body, figures),
      version: doc.version,
      updatedAt: doc.updatedAt,
    };
  }

  #all(): Promise<Map<string, HelpDocRow>> {
    if (!this.#docs) {
      const loading = this.#load();
      this.#docs = loading;
      loading.catch(() => {
        if (this.#docs === loading) this.#docs = null;
      });
    }
    return this.#docs;
  }

  #fresh(): Promise<Map<string, HelpDocRow>> {
    this.#docs = null;
    return this.#all();
  }

  async #load(): Promise<Map<string, HelpDocRow>> {
    const rows = await repo.readDocs(this.d.db);
    // Only the pages of the route table are served, in its order within each sort.
    const known = new Set<string>(HELP_SLUGS);
    return new Map(rows.filter((r) => known.has(r.slug)).map((r) => [r.slug, r]));
  }
}

/** The page as plain text; a summary leaves out the headings (they repeat the title's words). */
function plain(doc: HelpDocRow, figures: Record<string, string>, headings = true): string {
  const blocks = parseMarkdown(fillPlaceholders(doc.body, figures)).filter(
    (b) => headings || b.t !== 'heading',
  );
  return markdownText(blocks).replace(/\s+/g, ' ');
}

function summaryOf(text: string): string {
  const chars = [...text.trim()];
  return chars.length > SUMMARY_LENGTH
    ? `${chars.slice(0, SUMMARY_LENGTH).join('')}…`
    : chars.join('');
}

function snippetAt(text: string, at: number, length: number): string {
  const start = Math.max(0, at - SNIPPET_RADIUS);
  const end = Math.min(text.length, at + length + SNIPPET_RADIUS);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
