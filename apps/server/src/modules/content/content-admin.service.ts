import {
  ErrorCode,
  isContentUrl,
  isContentWindow,
  type AdminContentFilter,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import { AppError } from '../../lib/errors';
import type { ExportSource } from '../../lib/export-source';
import type { AuditService } from '../audit/audit.service';
import type { ContentService } from './content.service';
import * as repo from './content-admin.repository';
import type {
  ContentKind,
  NoticeFields,
  PopActivityFields,
  StationAdFields,
  SuspensionIconFields,
} from './content-admin.repository';

type WithId<T> = T & { id?: number };
type Paged = AdminContentFilter & { page: number; pageSize: number };

/** The wire's filter (`enabled` a query string) as the repository reads it. */
const contentFilter = (f: AdminContentFilter): repo.ContentFilter => ({
  enabled: f.enabled === undefined ? undefined : f.enabled === 'true',
  q: f.q || undefined,
});

/** How each kind is named in the audit log, read back and saved. */
interface KindOps<R, F> {
  kind: ContentKind;
  name: string;
  read: (q: Queryable, id: number) => Promise<R | null>;
  write: (q: Queryable, id: number | undefined, fields: F) => Promise<number>;
}
const NOTICES = {
  kind: 'notices',
  name: 'notice',
  read: repo.readAdminNotice,
  write: repo.saveNoticeRow,
} as const;
const ADS = {
  kind: 'station_ads',
  name: 'station-ad',
  read: repo.readAdminStationAd,
  write: repo.saveStationAdRow,
} as const;
const ICONS = {
  kind: 'suspension_icons',
  name: 'suspension-icon',
  read: repo.readAdminSuspensionIcon,
  write: repo.saveSuspensionIconRow,
} as const;
const POPS = {
  kind: 'pop_activities',
  name: 'pop-activity',
  read: repo.readAdminPopActivity,
  write: repo.savePopActivityRow,
} as const;

/** Required addresses must be http(s) or site paths; '' is allowed where the column allows it. */
function checkUrls(required: string[], optional: string[]): void {
  const bad = (u: string) => !isContentUrl(u);
  if (required.some(bad) || optional.some((u) => u !== '' && bad(u)))
    throw new AppError(ErrorCode.ContentUrlInvalid);
}

function checkWindow(w: { startsAt: string | null; endsAt: string | null }): void {
  if (!isContentWindow(w.startsAt, w.endsAt)) throw new AppError(ErrorCode.ContentWindowInvalid);
}

/**
 * The operators' side of the home content (公告, 轮播图, 悬浮图标, 首页弹窗): paged lists, audited
 * saves and enable/disable. Every change goes through `ContentService.changed()`, so each node's
 * member-facing cache clears at once instead of after its ttl.
 */
export class ContentAdminService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly content: ContentService,
  ) {}

  notices(f: Paged) {
    return this.#page('notices', f, repo.CONTENT_ROWS.notices);
  }
  stationAds(f: Paged) {
    return this.#page('station_ads', f, repo.CONTENT_ROWS.station_ads);
  }
  suspensionIcons(f: Paged) {
    return this.#page('suspension_icons', f, repo.CONTENT_ROWS.suspension_icons);
  }
  popActivities(f: Paged) {
    return this.#page('pop_activities', f, repo.CONTENT_ROWS.pop_activities);
  }

  /** A kind's CSV export rows (content-exports.service.ts): the list's filter, in id order. */
  exportSource<T>(
    kind: ContentKind,
    f: AdminContentFilter,
    map: (r: Record<string, unknown>) => T & { id: number },
  ): ExportSource<T & { id: number }, number> {
    const w = contentFilter(f);
    return {
      count: () => repo.countContent(this.db, kind, w),
      page: (after, limit) => repo.contentAfter(this.db, kind, w, after, limit, map),
      first: 0,
      keyOf: (r) => r.id,
    };
  }

  async #page<T>(kind: ContentKind, f: Paged, map: (r: Record<string, unknown>) => T) {
    const { page, pageSize } = f;
    const offset = (page - 1) * pageSize;
    const r = await repo.pageContent(this.db, kind, contentFilter(f), pageSize, offset, map);
    return { ...r, page, pageSize };
  }

  saveNotice(actor: string, input: WithId<NoticeFields>) {
    return this.#save(actor, NOTICES, input);
  }

  saveStationAd(actor: string, input: WithId<StationAdFields>) {
    checkUrls([input.imageUrl], [input.link]);
    checkWindow(input);
    return this.#save(actor, ADS, input);
  }

  saveSuspensionIcon(actor: string, input: WithId<SuspensionIconFields>) {
    checkUrls([input.iconUrl], [input.link]);
    return this.#save(actor, ICONS, input);
  }

  savePopActivity(actor: string, input: WithId<PopActivityFields>) {
    checkUrls([], [input.imageUrl, input.link]);
    checkWindow(input);
    return this.#save(actor, POPS, input);
  }

  enableNotice(actor: string, id: number, enabled: boolean) {
    return this.#enable(actor, NOTICES, id, enabled);
  }
  enableStationAd(actor: string, id: number, enabled: boolean) {
    return this.#enable(actor, ADS, id, enabled);
  }
  enableSuspensionIcon(actor: string, id: number, enabled: boolean) {
    return this.#enable(actor, ICONS, id, enabled);
  }
  enablePopActivity(actor: string, id: number, enabled: boolean) {
    return this.#enable(actor, POPS, id, enabled);
  }

  async #save<R, F>(actor: string, ops: KindOps<R, F>, input: WithId<F>): Promise<R> {
    const { id, ...fields } = input;
    const saved = await this.db.tx(async (q) => {
      const before = id === undefined ? null : await ops.read(q, id);
      if (id !== undefined && !before) throw new AppError(ErrorCode.ContentNotFound);
      const savedId = await ops.write(q, id, fields as F);
      const after = (await ops.read(q, savedId))!;
      await this.audit.record(q, {
        actor,
        action: `content.${ops.name}.${id === undefined ? 'create' : 'update'}`,
        target: `${ops.name}:${savedId}`,
        before,
        after,
      });
      return after;
    });
    await this.content.changed();
    return saved;
  }

  async #enable<R, F>(actor: string, ops: KindOps<R, F>, id: number, enabled: boolean) {
    const saved = await this.db.tx(async (q) => {
      const before = await ops.read(q, id);
      if (!before) throw new AppError(ErrorCode.ContentNotFound);
      await repo.setContentEnabled(q, ops.kind, id, enabled);
      const after = (await ops.read(q, id))!;
      await this.audit.record(q, {
        actor,
        action: `content.${ops.name}.${enabled ? 'enable' : 'disable'}`,
        target: `${ops.name}:${id}`,
        before,
        after,
      });
      return after;
    });
    await this.content.changed();
    return saved;
  }
}
