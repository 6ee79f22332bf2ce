import type { LoginResult } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, registerMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it.each([
    ['/?token=abc', '/?token=[redacted]'],
    ['/home?x=1&token=abc&y=2', '/home?x=1&token=[redacted]&y=2'],
    ['/?appdown-token=abc#top', '/?appdown-token=[redacted]#top'],
    ['/?TOKEN=abc', '/?TOKEN=[redacted]'],
    ['/a?code=123456&password=p', '/a?code=[redacted]&password=[redacted]'],
    ['/a?mytoken=keep', '/a?mytoken=keep'],
    ['/site/api/v1/configuration/preInfo', '/site/api/v1/configuration/preInfo'],
  ])('%s → %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });
});

/** The real pino output of the real app, captured line by line. */
describe('log lines never carry secrets', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      seedDemo: false,
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(() => t.close());

  it('tokens, passwords and a ?token= in a URL', async () => {
    const password = `${GOOD_PASSWORD}-Zq7`;
    const m = await registerMember(t, t.client(), { password });
    const login = await m.client.data<LoginResult>('login', {
      body: { userName: m.userName, password },
    });
    await m.client.call('memberInfo', { body: {}, token: login.token });
    await m.client.call('memberInfo', { body: {}, token: 'forged-token-value-0123456789' });
    const urlToken = 'url-token-value-9876543210';
    await t.app.inject({ method: 'GET', url: `/?token=${urlToken}&appdown-token=${urlToken}` });
    await t.app.inject({
      method: 'POST',
      url: `/site/api/v1/user/token/exchange?token=${urlToken}`,
      payload: {},
    });
    // Whatever a handler might log one day: the redaction paths cover bodies and nested fields.
    t.app.log.error(
      {
        body: {
          password,
          oldPassword: password,
          newPassword: password,
          fundPassword: password,
          token: login.token,
          code: '123456',
        },
      },
      'a body',
    );

    const log = lines.join('');
    // The capture is real: requests and the line above are there.
    expect(log).toContain('/site/api/v1/user/member/info');
    expect(log).toContain('"msg":"a body"');
    expect(log).toContain('token=[redacted]');
    for (const secret of [
      password,
      login.token,
      m.token,
      'forged-token-value-0123456789',
      urlToken,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/x-api-token/i);
    // Every request line is tied to its request.
    const requestLines = lines
      .map((l) => JSON.parse(l) as { msg?: string; reqId?: string })
      .filter((l) => l.msg === 'incoming request');
    expect(requestLines.length).toBeGreaterThan(4);
    for (const l of requestLines) expect(l.reqId).toMatch(/^req-/);
  });
});
