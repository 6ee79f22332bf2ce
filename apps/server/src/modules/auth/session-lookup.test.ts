import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '@nebula/db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectCode, registerMember } from '../../test/factories';

/**
 * The calls a page sends at once with a session this node has not read yet (the member site's
 * home sends six after a login) share one lookup; an end while it is in flight is not shared.
 */
let t: TestApp;
let lookups = 0;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  // The real database, counted: the session lookup is the one statement named session_lookup.
  const query: Queryable['query'] = t.db.query.bind(t.db);
  t.db.query = <T>(text: string, params?: unknown[], name?: string) => {
    if (name === 'session_lookup') lookups += 1;
    return query<T>(text, params, name);
  };
});
afterAll(async () => {
  await t.close();
});

const balances = (m: { token: string; client: { deviceId: string } }) =>
  t.client(m.client.deviceId).call('walletBalances', { token: m.token });

describe('session lookups', () => {
  it('six calls at once with a new session read it once', async () => {
    const m = await registerMember(t);
    lookups = 0;
    const answers = await Promise.all(Array.from({ length: 6 }, () => balances(m)));
    for (const a of answers) expect(a.status_code).toBe(ErrorCode.Success);
    expect(lookups).toBe(1);
  });

  it('another device with the same token is refused on its own read', async () => {
    const m = await registerMember(t);
    lookups = 0;
    const [mine, other] = await Promise.all([
      balances(m),
      t.client().call('walletBalances', { token: m.token }),
    ]);
    expect(mine.status_code).toBe(ErrorCode.Success);
    expect(other.status_code).toBe(ErrorCode.SessionInvalid);
    expect(lookups).toBe(2);
  });

  it('a call after the session ended is refused, whatever was in flight', async () => {
    const m = await registerMember(t);
    const inFlight = balances(m);
    await t.client().data('login', { body: { userName: m.userName, password: m.password } });
    await expectCode(balances(m), ErrorCode.LoggedInElsewhere);
    await inFlight;
  });
});
