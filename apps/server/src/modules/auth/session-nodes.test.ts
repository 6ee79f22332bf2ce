import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { MemberInfo } from '@nebula/protocol';
import { MemoryBus } from '../../bus/memory-bus';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, expectCode, registerMember, userHash } from '../../test/factories';

/**
 * Two nodes on one database and one bus: each keeps the live sessions it has read, and a
 * session that ends on one node is refused on the other at once, with its own code.
 */
let a: TestApp;
let b: TestApp;
const bus = new MemoryBus();
beforeAll(async () => {
  a = await createTestApp({ seedDemo: false, bus });
  b = await createTestApp({
    seedDemo: false,
    bus,
    db: { db: a.db, url: a.dbUrl },
    secrets: a.secrets,
    clock: a.clock,
  });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await bus.close();
});

/** Member info on node `t` from the member's own device. */
async function infoOn(
  t: TestApp,
  m: { userName: string; token: string; client: { deviceId: string } },
) {
  return t.client(m.client.deviceId).call<MemberInfo>('memberInfo', {
    token: m.token,
    headers: { 'x-user-hash': userHash(m.userName) },
    body: { withLockMoney: 1 },
  });
}

/** Waits for the bus (the in-process bus delivers on the next tick, Redis a little later). */
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('sessions across nodes', () => {
  it('a login elsewhere on node A is 6001 on node B, which had the session cached', async () => {
    const m = await registerMember(a);
    await expectCode(infoOn(b, m), ErrorCode.Success);
    await expectCode(infoOn(b, m), ErrorCode.Success);
    await a.client().data('login', { body: { userName: m.userName, password: m.password } });
    await settle();
    await expectCode(infoOn(b, m), ErrorCode.LoggedInElsewhere);
  });

  it('an operator block on node A is 10104 on node B', async () => {
    const m = await registerMember(a);
    await expectCode(infoOn(b, m), ErrorCode.Success);
    const admin = await adminToken(a);
    await adminCall(a, admin, 'POST', `/admin/api/v1/members/${m.memberId}/block`, {
      blocked: true,
      reason: '风控',
    });
    await settle();
    await expectCode(infoOn(b, m), ErrorCode.MemberBlocked);
  });

  it('a device block on node A is 10102 on node B; a password change is 10105', async () => {
    const m = await registerMember(a);
    await expectCode(infoOn(b, m), ErrorCode.Success);
    const admin = await adminToken(a);
    await adminCall(a, admin, 'POST', '/admin/api/v1/devices/block', {
      deviceId: m.client.deviceId,
      blocked: true,
      reason: '风控',
    });
    await settle();
    await expectCode(infoOn(b, m), ErrorCode.SessionInvalid);

    const n = await registerMember(a);
    await expectCode(infoOn(b, n), ErrorCode.Success);
    await n.client.data('passwordChange', {
      token: n.token,
      body: { oldPassword: n.password, newPassword: 'Another-Pass-2027!' },
    });
    await settle();
    await expectCode(infoOn(b, n), ErrorCode.PasswordChanged);
  });

  it('expiry is decided by the clock even for a cached session (10004)', async () => {
    const m = await registerMember(a);
    await expectCode(infoOn(b, m), ErrorCode.Success);
    a.clock.advance(24 * 3600 * 1000 + 1);
    try {
      await expectCode(infoOn(b, m), ErrorCode.AuthRequired);
    } finally {
      a.clock.advance(-(24 * 3600 * 1000 + 1));
    }
  });
});
