import { BOOT_DATA_ELEMENT_ID, NoticeCategory, type BootHome } from '@nebula/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus';
import { escapeHtml, jsonForScript } from '../../lib/html-escape';
import type { Clock } from '../../lib/clock';
import { TtlCache } from '../../lib/ttl-cache';
import type { AccessService } from '../access/access.service';
import type { ContentService } from '../content/content.service';
import type { SettingsService } from '../settings/settings.service';
import type { SiteService } from '../site/site.service';
import { bannerPreload, homeShellMarkup } from './web-shell.markup';
import { fillTemplate, type IndexTemplate } from './web-shell.template';

export interface WebShellDeps {
  template: IndexTemplate | null;
  settings: SettingsService;
  site: SiteService;
  content: ContentService;
  access: AccessService;
  bus: Bus;
  log: FastifyBaseLogger;
  clock: Clock;
}

/** The floating icon the phone site shows (suspension-icon.query.ts asks for the same). */
const PHONE_DISPLAY_EQUIPMENT = 1;

/**
 * Kept as long as the content cache keeps its rows, so a banner whose time window opens or
 * closes reaches the page when it reaches the API; a change of settings or content drops it
 * at once on every node.
 */
const PAGE_TTL_MS = 10_000;

type Variant = 'home' | 'other';

/** A page rendered for every visitor: before + the visitor's address (JSON) + after. */
interface RenderedPage {
  before: string;
  after: string;
}

/**
 * The member site's index.html with its first screen from the server: the site title, on the
 * home page the top of the page (top bar, first banner, notice line) drawn with the site's own
 * classes, and the data the site would otherwise ask for first (pre-info, the home content)
 * in a JSON block the site starts from. The first paint then needs neither the scripts nor
 * the signed calls. Rendered once per node and variant; the visitor's address is the only
 * part made per request.
 */
export class WebShellService {
  readonly #pages: TtlCache<Variant, RenderedPage>;

  constructor(private readonly d: WebShellDeps) {
    this.#pages = new TtlCache(d.clock, PAGE_TTL_MS, 4);
  }

  /** Whether there is a built site to serve. */
  get built(): boolean {
    return this.d.template !== null;
  }

  async start(): Promise<void> {
    await this.d.bus.subscribe('settings.changed', () => this.#pages.clear());
    await this.d.bus.subscribe('content.changed', () => this.#pages.clear());
  }

  /** The HTML for a page route (`pathname` without its query). */
  async page(pathname: string, ip: string): Promise<string> {
    const template = this.d.template;
    if (!template) throw new Error('the member site is not built');
    const pieces = template.pieces;
    if (!pieces) return template.raw;
    // An address the API refuses (6031 / 6033) gets none of what the API would refuse it; the
    // site's first call then shows it the restriction page, as before.
    const restricted = this.d.access.checkCached(ip) ?? (await this.d.access.check(ip));
    if (restricted !== null) return template.raw;
    const variant: Variant = pathname === '/' ? 'home' : 'other';
    try {
      const page = await this.#pages.get(variant, () => this.#render(pieces, variant));
      return page.before + jsonForScript(ip) + page.after;
    } catch (err) {
      // Without its first screen the site still starts (from its own calls), as it used to.
      this.d.log.error({ err }, 'rendering the first screen failed; serving the plain page');
      return template.raw;
    }
  }

  async #render(
    pieces: NonNullable<IndexTemplate['pieces']>,
    variant: Variant,
  ): Promise<RenderedPage> {
    const [settings, preInfo] = await Promise.all([this.d.settings.get(), this.d.site.preInfo('')]);
    // The home calls answer nothing but 6032 while the site is not open: neither does the page.
    const home =
      variant === 'home' && settings.siteStatus.status === 'open' ? await this.#home() : null;
    const { ip: _perVisitor, ...shared } = preInfo;
    const base = preInfo.SiteBaseConfigVo;
    const skin = preInfo.siteFestivalSkin;
    const [before, after] = fillTemplate(pieces, {
      // The festival skin from the first paint (the site sets the same attribute).
      htmlAttributes: skin ? ` data-skin="${escapeHtml(skin)}"` : '',
      title: escapeHtml(base.title),
      headLinks: bannerPreload(home),
      root: home ? homeShellMarkup({ title: base.title, logoUrl: base.logoUrl }, home) : '',
      afterRoot: [
        `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">{"preInfo":{"ip":`,
        // jsonForScript(shared) is a non-empty object: its fields follow the address.
        `,${jsonForScript(shared).slice(1)},"home":${jsonForScript(home)}}</script>`,
      ],
    });
    return { before, after };
  }

  async #home(): Promise<BootHome> {
    const [stationAds, marquee, suspensionIcons] = await Promise.all([
      this.d.content.stationAds(),
      this.d.content.notices(NoticeCategory.Marquee),
      this.d.content.suspensionIcons(PHONE_DISPLAY_EQUIPMENT),
    ]);
    return { stationAds, marquee, suspensionIcons };
  }
}
