import { ErrorCode, isContentUrl, isContentWindow } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import { AppError } from '../../lib/errors';
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
 * The operators' side of the home content (公告, 轮播图, 悬浮图标, 首页弹窗): whole lists, audited
 * saves and enable/disable. Every change goes through `ContentService.changed()`, so each node's
 * member-facing cache clears at once instead of after its ttl.
 */
export class ContentAdminService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly content: ContentService,
  ) {}

  notices() {
    return repo.readAdminNotices(this.db);
  }
  stationAds() {
    return repo.readAdminStationAds(this.db);
  }
  suspensionIcons() {
    return repo.readAdminSuspensionIcons(this.db);
  }
  popActivities() {
    return repo.readAdminPopActivities(this.db);
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
