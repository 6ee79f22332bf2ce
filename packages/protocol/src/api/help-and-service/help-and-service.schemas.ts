import { z } from 'zod';
import { dateString } from '../core/common';
import { multilineText, text } from '../../rules/text';
import { MARKDOWN_MAX_LENGTH } from '../../markdown/markdown';
import { HELP_CATEGORIES, HELP_SLUGS } from './help-and-service.constants';

export * from './help-and-service.constants';
export * from './mail-and-feedback.schemas';

/*
 * The service side of the site: help centre, customer service, sponsorships and the download
 * page, with their operator calls; mail and feedback are in mail-and-feedback.schemas.ts.
 */

// ---- help centre ---------------------------------------------------------------------------

export const HelpSlugSchema = z.enum(HELP_SLUGS);

export const HelpCategory = z.enum(HELP_CATEGORIES);
export type HelpCategory = z.infer<typeof HelpCategory>;

export const HelpSlugParams = z.object({ slug: HelpSlugSchema }).strict();

export const HelpIndexItem = z.object({
  slug: HelpSlugSchema,
  title: z.string(),
  category: HelpCategory,
  /** The first words of the page, as plain text. */
  summary: z.string(),
});
export type HelpIndexItem = z.infer<typeof HelpIndexItem>;
export const HelpIndex = z.object({ list: z.array(HelpIndexItem) });

export const HELP_SEARCH_MAX = 40;
export const HelpSearchQuery = z.object({ q: text().trim().min(1).max(HELP_SEARCH_MAX) }).strict();
export const HelpSearchHit = z.object({
  slug: HelpSlugSchema,
  title: z.string(),
  category: HelpCategory,
  /** Plain text around the first match. */
  snippet: z.string(),
});
export const HelpSearchResult = z.object({ list: z.array(HelpSearchHit) });

/** A page as members read it: Markdown with the live figures already filled in. */
export const HelpDoc = z.object({
  slug: HelpSlugSchema,
  title: z.string(),
  category: HelpCategory,
  body: z.string(),
  version: z.number().int(),
  updatedAt: z.number().int(),
});
export type HelpDoc = z.infer<typeof HelpDoc>;

/** An operator's view: the stored source (placeholders unfilled) and its history. */
export const AdminHelpDoc = HelpDoc.extend({
  updatedBy: z.string(),
  /** Placeholder names the site fills in, each with today's value. */
  placeholders: z.record(z.string(), z.string()),
  versions: z.array(
    z.object({
      version: z.number().int(),
      title: z.string(),
      savedBy: z.string(),
      savedAt: z.number().int(),
    }),
  ),
});
export const AdminHelpList = z.object({ list: z.array(HelpDoc.omit({ body: true })) });
export const AdminHelpSaveRequest = z
  .object({
    title: text().trim().min(1).max(40),
    body: multilineText().min(1).max(MARKDOWN_MAX_LENGTH),
    /** The version the operator edited: a save over someone else's newer one is refused. */
    baseVersion: z.number().int().min(1),
  })
  .strict();

// ---- customer service ----------------------------------------------------------------------

export const CS_CHANNEL_KINDS = ['telegram', 'whatsapp', 'qq', 'wechat'] as const;
export const CsChannelKind = z.enum(CS_CHANNEL_KINDS);
export type CsChannelKind = z.infer<typeof CsChannelKind>;

/** An online-service page opened in the site's frame or in a new window. */
export const CS_OPEN_MODES = ['frame', 'window'] as const;

export const CsChannel = z.object({
  kind: CsChannelKind,
  /** What the member types or searches for: @name, +phone, QQ number, WeChat id. */
  account: z.string(),
  /** A link that opens the app (https://t.me/…, https://wa.me/…), or ''. */
  link: z.string(),
  /** Text the site turns into a QR code (WeChat), or ''. */
  qr: z.string(),
  note: z.string(),
});
export type CsChannel = z.infer<typeof CsChannel>;

export const CsLine = z.object({
  /** The online-service URL (http(s) or an in-site path), or '' when none is configured. */
  url: z.string(),
  openMode: z.enum(CS_OPEN_MODES),
  channels: z.array(CsChannel),
});
export type CsLine = z.infer<typeof CsLine>;
/** `main` for /customer/main, `backup` for /customer/instead (备用). */
export const CustomerService = z.object({
  main: CsLine,
  backup: CsLine,
  /** Service hours as the operator words them (e.g. 7×24 小时). */
  hours: z.string(),
});
export type CustomerService = z.infer<typeof CustomerService>;

// ---- sponsorships --------------------------------------------------------------------------

export const Sponsor = z.object({
  id: z.number().int(),
  title: z.string(),
  /** In-site image path (bundled artwork) or an https URL. */
  imageUrl: z.string(),
  summary: z.string(),
  body: z.string(),
  /** `YYYY-MM-DD` (Shanghai); `endsOn` null for an open-ended sponsorship. */
  startsOn: z.string(),
  endsOn: z.string().nullable(),
});
export type Sponsor = z.infer<typeof Sponsor>;
export const SponsorList = z.object({ list: z.array(Sponsor) });
export const AdminSponsor = Sponsor.extend({
  sort: z.number().int(),
  enabled: z.boolean(),
});
export const AdminSponsorList = z.object({ list: z.array(AdminSponsor) });
const imagePath = text()
  .trim()
  .max(300)
  .regex(
    /^(https:\/\/[^\s"'<>\\]+|\/static\/[A-Za-z0-9/_.-]+)$/,
    '图片地址须为 https 或站内 /static/ 路径',
  );
export const AdminSponsorSaveRequest = z
  .object({
    /** Absent: a new sponsorship. */
    id: z.number().int().positive().optional(),
    title: text().trim().min(1).max(40),
    imageUrl: imagePath,
    summary: text().trim().min(1).max(120),
    body: multilineText().trim().min(1).max(4000),
    startsOn: dateString,
    endsOn: dateString.nullable(),
    sort: z.number().int().min(0).max(9999).default(0),
    enabled: z.boolean().default(true),
  })
  .strict()
  .refine((s) => s.endsOn === null || s.endsOn >= s.startsOn, {
    message: '结束日期不能早于开始日期',
    path: ['endsOn'],
  });

// ---- download ------------------------------------------------------------------------------

export const DownloadInfo = z.object({
  /** The site's official addresses (pre-info `address`), for the QR code and the guide. */
  addresses: z.array(z.string()),
  /** Operator-configured app packages; '' when there is none. */
  iosUrl: z.string(),
  androidUrl: z.string(),
});
export type DownloadInfo = z.infer<typeof DownloadInfo>;
