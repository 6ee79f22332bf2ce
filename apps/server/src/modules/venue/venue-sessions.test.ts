import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type LaunchResult } from '@nebula/protocol';
import { dialects } from '@nebula/protocol/venue/dialects';
import { seedDemoVenues } from '../../seed/demo-seed';
import {
  adminCall,
  adminToken,
  bindPhone,
  expectCode,
  lastSmsCode,
  type Member,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  MERCHANT,
  freePort,
  fundedMember,
  newSecret,
  registerVenue,
  startHouseVenue,
  type HouseVenueProcess,
} from '../../test/venue-harness';

/**
 * Whatever ends a member's session on the platform ends their sessions at the venues too
 * (contract §4, §6), against the real house venue process: the launch's token (the member
 * site's proxy) and the page's token answer the dialect's session-expired code once the
 * member's call has answered and the venue was told. A venue that does not answer neither
 * slows nor fails the member's call.
 */
let venue: HouseVenueProcess;
let t: TestApp;
let admin: string;
let dataDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  const secret = newSecret();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-venue-sessions-'));
  venue = await startHouseVenue({ secret, dataDir });
  t = await createTestApp({
    seedDemo: false,
    env: { VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret}`, LOG_LEVEL: 'error' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  await seedDemoVenues(t.db, {
    origin: venue.url.replace('127.0.0.1', 'localhost'),
    apiUrl: venue.url,
  });
  await t.services.venues.reload();
  admin = await adminToken(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await venue?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

type Code = 'FBTY' | 'IMTY';
/** The venue's two tokens of one launch: the member site's (launch) and the page's (exchange). */
interface Tokens {
  code: Code;
  site: string;
  page: string;
}

async function launched(m: Member, code: Code): Promise<Tokens> {
  const l = await m.client.data<LaunchResult>('venueLaunch', {
    token: m.token,
    body: { enName: code, isPreload: false, isManualLaunch: true },
  });
  const r = await fetch(`${venue.url}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(l.url).searchParams.get('token') }),
  });
  const page = ((await r.json()) as { data: { token: string } }).data.token;
  // The member site's proxy sends its token under the dialect's own name (FBTY Authorization).
  const site = code === 'FBTY' ? l.session.Authorization! : l.session.Token!;
  return { code, site, page };
}

/** The dialect's answer code to a balance call with the site's token and with the page's. */
async function answers(s: Tokens): Promise<[unknown, unknown]> {
  const url = `${venue.url}${dialects[s.code].prefix}/balance`;
  const ask = async (headers: Record<string, string>) =>
    ((await (await fetch(url, { headers })).json()) as { code: unknown }).code;
  return [
    await ask({ [dialects[s.code].tokenHeader]: s.site }),
    await ask({ authorization: `Bearer ${s.page}` }),
  ];
}

const both = (code: Code, key: 'success' | 'sessionExpired') => [
  dialects[code][key],
  dialects[code][key],
];

let phoneSeq = 0;
const nextPhone = () =>
  `139${String(process.pid % 10000).padStart(4, '0')}${++phoneSeq}`.slice(0, 11);

/** Each way a member's platform session ends, as the member or an operator does it. */
const endings: [string, (m: Member) => Promise<void>][] = [
  [
    'logout',
    async (m) => {
      await expectCode(m.client.call('logout', { token: m.token, body: {} }), ErrorCode.Success);
    },
  ],
  [
    'logout everywhere',
    async (m) => {
      await expectCode(m.client.call('logoutAll', { token: m.token, body: {} }), ErrorCode.Success);
    },
  ],
  [
    'a password change',
    async (m) => {
      await expectCode(
        m.client.call('passwordChange', {
          token: m.token,
          body: { oldPassword: m.password, newPassword: 'Another-Strong-9' },
        }),
        ErrorCode.Success,
      );
    },
  ],
  [
    'a password reset',
    async (m) => {
      const phone = nextPhone();
      await bindPhone(t, m, phone);
      const anon = t.client();
      await anon.data('passwordResetCode', { body: { userName: m.userName } });
      const code = await lastSmsCode(t, `86${phone}`);
      await expectCode(
        anon.call('passwordReset', {
          body: { userName: m.userName, code, newPassword: 'Brand-New-Pass-1' },
        }),
        ErrorCode.Success,
      );
    },
  ],
  [
    'a login elsewhere',
    async (m) => {
      await expectCode(
        t.client().call('login', { body: { userName: m.userName, password: m.password } }),
        ErrorCode.Success,
      );
    },
  ],
  [
    'a lockout after wrong passwords at a step-up',
    async (m) => {
      let code = 0;
      for (let i = 0; i < 10 && code !== ErrorCode.AccountLocked; i += 1) {
        code = (
          await m.client.call('passwordChange', {
            token: m.token,
            body: { oldPassword: 'Wrong-Pass-123', newPassword: 'Another-Strong-9' },
          })
        ).status_code;
      }
      expect(code).toBe(ErrorCode.AccountLocked);
    },
  ],
  [
    'an operator blocking the device',
    async (m) => {
      await expectCode(
        adminCall(t, admin, 'POST', '/admin/api/v1/devices/block', {
          deviceId: m.client.deviceId,
          blocked: true,
          reason: '设备风险',
        }),
        ErrorCode.Success,
      );
    },
  ],
  [
    // Last: the platform's clock moves on for good (the venue's session is still in its day).
    'the session expiring',
    async (m) => {
      t.clock.advance(25 * 3600_000);
      await expectCode(m.client.call('memberJwt', { token: m.token }), ErrorCode.AuthRequired);
    },
  ],
];

describe('a member’s venue sessions end with their platform session', () => {
  it.each(endings)('%s ends them at every venue the member used', async (_name, end) => {
    const m = await fundedMember(t, '0', admin);
    const fb = await launched(m, 'FBTY');
    const im = await launched(m, 'IMTY');
    expect(await answers(fb)).toEqual(both('FBTY', 'success'));
    expect(await answers(im)).toEqual(both('IMTY', 'success'));
    await end(m);
    await t.services.launch.settled();
    expect(await answers(fb)).toEqual(both('FBTY', 'sessionExpired'));
    expect(await answers(im)).toEqual(both('IMTY', 'sessionExpired'));
  });
});

describe('a venue that does not answer', () => {
  let hanging: Server;
  const held: ServerResponse[] = [];
  let arrived: () => void = () => undefined;
  const firstArrival = new Promise<void>((r) => (arrived = r));

  beforeAll(async () => {
    const port = await freePort();
    // Takes the merchant call and never answers until the test lets it go.
    hanging = createServer((_req, res) => {
      held.push(res);
      arrived();
    });
    await new Promise<void>((r) => hanging.listen(port, '127.0.0.1', r));
    admin = await adminToken(t);
    await registerVenue(t, admin, {
      code: 'HANG',
      origin: `http://localhost:${port}`,
      apiUrl: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await new Promise<void>((r) => hanging.close(() => r()));
  });

  it('neither holds up nor fails the logout; the other venues still end, the silent one is logged', async () => {
    const m = await fundedMember(t, '0', admin);
    const fb = await launched(m, 'FBTY');
    // The member played there before it went quiet (what a launch records).
    await t.services.transfers.noteLaunch(m.memberId, 'HANG');
    // The logout answers while the silent venue still holds its call (it never answers on its own).
    await expectCode(m.client.call('logout', { token: m.token, body: {} }), ErrorCode.Success);
    await firstArrival;
    expect(held).toHaveLength(1);
    await expectCode(m.client.call('memberJwt', { token: m.token }), ErrorCode.AuthRequired);
    held[0]!.writeHead(503).end();
    await t.services.launch.settled();
    expect(await answers(fb)).toEqual(both('FBTY', 'sessionExpired'));
    const logged = logLines.filter((l) => l.includes('venue sessions not ended'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('"venue":"HANG"');
  });
});
