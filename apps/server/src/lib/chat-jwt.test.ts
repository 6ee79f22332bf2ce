import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signChatJwt, verifyChatJwt } from './chat-jwt';

const secret = 'x'.repeat(64);
const now = 1_800_000_000_000;
const claims = { memberId: 7, vipLevel: 2, sessionId: 'sess-1' };

function b64url(s: string | Buffer): string {
  return Buffer.from(s).toString('base64url');
}

describe('chat JWT verifier', () => {
  it('accepts its own token and reads the claims', async () => {
    const { token, expiresAt } = await signChatJwt(secret, claims, now);
    expect(expiresAt).toBe(now + 300_000);
    expect(await verifyChatJwt(secret, token, now + 1000)).toEqual(claims);
  });
  it('refuses alg none', async () => {
    const { token } = await signChatJwt(secret, claims, now);
    const [, payload] = token.split('.');
    const none = `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    expect(await verifyChatJwt(secret, none, now)).toBeNull();
  });
  it('refuses another algorithm (HS512) even with the right key', async () => {
    const token = await new SignJWT({ vip: 1, sid: 's' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('7')
      .setIssuer('nebula')
      .setAudience('chat')
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + 300)
      .sign(new TextEncoder().encode(secret));
    expect(await verifyChatJwt(secret, token, now)).toBeNull();
  });
  it('refuses a wrong key', async () => {
    const { token } = await signChatJwt('y'.repeat(64), claims, now);
    expect(await verifyChatJwt(secret, token, now)).toBeNull();
  });
  it('refuses an expired token', async () => {
    const { token } = await signChatJwt(secret, claims, now);
    expect(await verifyChatJwt(secret, token, now + 301_000)).toBeNull();
  });
  it('refuses a wrong audience', async () => {
    const token = await new SignJWT({ vip: 1, sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('nebula')
      .setAudience('admin')
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + 300)
      .sign(new TextEncoder().encode(secret));
    expect(await verifyChatJwt(secret, token, now)).toBeNull();
  });
  it('refuses a tampered payload', async () => {
    const { token } = await signChatJwt(secret, claims, now);
    const [h, p, s] = token.split('.') as [string, string, string];
    const body = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    body.sub = '8';
    expect(
      await verifyChatJwt(secret, `${h}.${b64url(JSON.stringify(body))}.${s}`, now),
    ).toBeNull();
    // Re-signing with a guessed key does not help either.
    const resigned = createHmac('sha256', 'guess')
      .update(`${h}.${b64url(JSON.stringify(body))}`)
      .digest('base64url');
    expect(
      await verifyChatJwt(secret, `${h}.${b64url(JSON.stringify(body))}.${resigned}`, now),
    ).toBeNull();
  });
});
