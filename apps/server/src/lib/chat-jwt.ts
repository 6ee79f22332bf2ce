import { SignJWT, jwtVerify } from 'jose';

/**
 * The chat JWT (contract §4): HS256 pinned, exp 5 minutes, aud "chat", carrying the member id,
 * VIP level and session id. One verifier, used everywhere, refuses alg none and every other
 * algorithm, a wrong key, an expired or not-yet-valid token, a wrong audience or issuer and any
 * tampering.
 */
export const CHAT_JWT_TTL_S = 5 * 60;
const ISSUER = 'nebula';
const AUDIENCE = 'chat';

export interface ChatClaims {
  memberId: number;
  vipLevel: number;
  sessionId: string;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signChatJwt(
  secret: string,
  claims: ChatClaims,
  nowMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + CHAT_JWT_TTL_S;
  const token = await new SignJWT({ vip: claims.vipLevel, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.memberId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, expiresAt: exp * 1000 };
}

export async function verifyChatJwt(
  secret: string,
  token: string,
  nowMs: number,
): Promise<ChatClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const memberId = Number(payload.sub);
    const vip = payload.vip;
    const sid = payload.sid;
    if (
      !Number.isInteger(memberId) ||
      memberId <= 0 ||
      typeof vip !== 'number' ||
      typeof sid !== 'string'
    )
      return null;
    return { memberId, vipLevel: vip, sessionId: sid };
  } catch {
    return null;
  }
}
