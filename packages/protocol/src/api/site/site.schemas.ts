import { z } from 'zod';
import { DEFAULT_PLATFORM_TYPE } from '../../constants/constants';

/** preInfo (contract §8.2): the site configuration the client starts from. */
export const PreInfoRequest = z
  .object({ platformType: z.number().int().min(1).max(99).default(DEFAULT_PLATFORM_TYPE) })
  .strict();

export const MaintainConfig = z.object({
  /** 1 normal, 0 stopped (the client goes to the stop-service page). */
  status: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});

export const SiteBaseConfigVo = z.object({
  siteId: z.number().int(),
  title: z.string(),
  webLogoTitleUrl: z.string(),
  logoUrl: z.string(),
  /** The online-service page (the `csUrl` site setting), '' when none is configured. */
  customerServiceUrl: z.string(),
  /** The site currency's Chinese name (a site setting, default 金币). */
  currencyName: z.string(),
  /** The tenant flag of contract §8.3: when on, the stop-service redirect is skipped. */
  tenant: z.boolean(),
  /** The download-only platform of contract §3: restriction and maintenance redirects are skipped. */
  downloadOnly: z.boolean(),
  minVersion: z.string(),
});

export const PhoneCountry = z.object({ code: z.string(), name: z.string() });

export const PreInfo = z.object({
  SiteBaseConfigVo,
  /** The site's official addresses. */
  address: z.array(z.string()),
  /** Country codes whose phone numbers are refused. */
  disablePhones: z.array(z.string()),
  /** Country codes offered in phone inputs. */
  globePhoneNumber: z.array(PhoneCountry),
  /** The caller's address as the server sees it. */
  ip: z.string(),
  maintainConfig: MaintainConfig,
  siteFestivalSkin: z.string().nullable(),
  siteVideoActiveUrl: z.string(),
  siteVideoSkinOpen: z.boolean(),
  stopLogin: z.boolean(),
  stopRegister: z.boolean(),
  /** Whether registration needs the image captcha (a site setting), so the form asks only then. */
  registerCaptcha: z.boolean(),
});
export type PreInfo = z.infer<typeof PreInfo>;

/** vvPretty: base64 of AES-256-GCM ciphertext followed by its 16-byte tag. */
export const VvPretty = z.object({ id: z.string(), payload: z.string() });
export type VvPretty = z.infer<typeof VvPretty>;

export const SecParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }).strict();
/** sec/{id}: base64 AES key and 12-byte IV, single use, valid 60 s. */
export const SecKey = z.object({ k: z.string(), v: z.string() });
export type SecKey = z.infer<typeof SecKey>;

/** The decrypted vvPretty JSON. */
export const VvPrettyPlain = z.object({
  signKey: z.string().regex(/^[0-9a-f]{64}$/),
  /** ws(s)://host of PUBLIC_URL; '' when unset: the client then uses its own page's origin. */
  wsUrl: z.string(),
  csUrl: z.string(),
  venueOrigins: z.record(z.string(), z.string()),
});
export type VvPrettyPlain = z.infer<typeof VvPrettyPlain>;

/** Site naming: operator-chosen names for menu keys (game families and the like). */
export const NamingItem = z.object({ key: z.string(), name: z.string() });
export const NamingList = z.object({ list: z.array(NamingItem) });
export type NamingItem = z.infer<typeof NamingItem>;
