import { createCipheriv, randomBytes } from 'node:crypto';
import {
  ErrorCode,
  SEC_KEY_TTL_MS,
  SITE_ID,
  type NamingItem,
  type PreInfo,
  type SecKey,
  type VvPretty,
  type VvPrettyPlain,
} from '@nebula/protocol';
import type { Config } from '../../config/config';
import type { Db } from '@nebula/db';
import { AppError } from '../../lib/errors';
import { deviceSigningKey } from '../../lib/signing';
import type { SettingsService } from '../settings/settings.service';
import { insertVvSecret, purgeExpiredVvSecrets, readNaming, takeVvSecret } from './site.repository';

export interface SiteServiceDeps {
  db: Db;
  config: Config;
  settings: SettingsService;
  signKey: string;
  /** code → public origin of each venue (contract §2.5: `venueOrigins`). */
  venueOrigins?: () => Promise<Record<string, string>>;
}

/** Site bootstrap: pre-info, the vvPretty device configuration and its one-time keys. */
export class SiteService {
  constructor(private readonly deps: SiteServiceDeps) {}

  async preInfo(ip: string): Promise<PreInfo> {
    const s = await this.deps.settings.get();
    return {
      SiteBaseConfigVo: {
        siteId: SITE_ID,
        title: s.siteTitle,
        webLogoTitleUrl: s.faviconUrl,
        logoUrl: s.logoUrl,
        customerServiceUrl: s.csUrl,
        currencyName: s.currencyName,
        tenant: s.tenant,
        downloadOnly: s.downloadOnly,
        minVersion: this.deps.config.minClientVersion,
      },
      address: s.addresses,
      disablePhones: s.disablePhones,
      globePhoneNumber: s.phoneCountries,
      ip,
      maintainConfig: {
        status: s.siteStatus.status === 'stopped' ? 0 : 1,
        message: s.siteStatus.message,
        startTime: s.siteStatus.startTime,
        endTime: s.siteStatus.endTime,
      },
      siteFestivalSkin: s.festivalSkin,
      siteVideoActiveUrl: s.siteVideo.activeUrl,
      siteVideoSkinOpen: s.siteVideo.skinOpen,
      stopLogin: s.stopLogin,
      stopRegister: s.stopRegister,
      registerCaptcha: s.registerCaptcha,
    };
  }

  /**
   * Encrypts the device configuration for this device id under a fresh AES-256-GCM key that
   * only `sec/{id}` hands out, once, within 60 s.
   */
  async vvPretty(deviceId: string): Promise<VvPretty> {
    // The online-service page is a site setting, so an operator's change reaches
    // every device on its next vvPretty.
    const { csUrl } = await this.deps.settings.get();
    const plain: VvPrettyPlain = {
      signKey: deviceSigningKey(this.deps.signKey, deviceId).toString('hex'),
      wsUrl: this.#wsUrl(),
      csUrl,
      venueOrigins: (await this.deps.venueOrigins?.()) ?? {},
    };
    const key = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(plain), 'utf8'),
      cipher.final(),
    ]);
    const payload = Buffer.concat([ciphertext, cipher.getAuthTag()]).toString('base64');
    const id = randomBytes(18).toString('base64url');
    await insertVvSecret(this.deps.db, { id, key, iv, ttlMs: SEC_KEY_TTL_MS });
    // Expired keys are swept as new ones are made, so the table stays small without a timer.
    await purgeExpiredVvSecrets(this.deps.db);
    return { id, payload };
  }

  async sec(id: string): Promise<SecKey> {
    const secret = await takeVvSecret(this.deps.db, id);
    if (!secret) throw new AppError(ErrorCode.ApiAuth, null, '密钥无效或已过期');
    return { k: secret.key.toString('base64'), v: secret.iv.toString('base64') };
  }

  async naming(): Promise<NamingItem[]> {
    return readNaming(this.deps.db);
  }

  /**
   * From configuration only, never from the request: a Host header is the caller's to forge,
   * and reflecting it would point a device's chat at any host. Without PUBLIC_URL the answer
   * is '' and the client uses its own page's origin (where the embedded server listens).
   */
  #wsUrl(): string {
    const base = this.deps.config.publicUrl;
    if (!base) return '';
    const u = new URL(base);
    return `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`;
  }
}
