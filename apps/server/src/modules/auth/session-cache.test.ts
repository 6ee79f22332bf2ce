import { describe, expect, it } from 'vitest';
import type { SessionLookup } from './session.repository';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';

const row = (over: Partial<SessionLookup> = {}): SessionLookup => ({
  sessionId: 's1',
  memberId: 1,
  deviceId: 'd1',
  expiresAt: 10_000_000,
  idleSeconds: null,
  lastSeenAt: 0,
  endedAt: null,
  endReason: null,
  memberBlocked: false,
  deviceBlocked: false,
  userName: 'alice',
  vipLevel: 0,
  ...over,
});

describe('SessionCache', () => {
  it('keeps a live row for the TTL, never past it, and never when the clock goes back', () => {
    const c = new SessionCache();
    c.put('h', row(), c.epoch, 1000);
    expect(c.get('h', 1000 + SESSION_CACHE_TTL_MS - 1)?.sessionId).toBe('s1');
    expect(c.get('h', 1000 + SESSION_CACHE_TTL_MS)).toBeNull();
    c.put('h', row(), c.epoch, 1000);
    expect(c.get('h', 999)).toBeNull();
  });

  it('never keeps an ended, blocked or device-blocked session', () => {
    const c = new SessionCache();
    c.put('a', row({ endReason: 'replaced' }), c.epoch, 0);
    c.put('b', row({ sessionId: 's2', memberBlocked: true }), c.epoch, 0);
    c.put('c', row({ sessionId: 's3', deviceBlocked: true }), c.epoch, 0);
    expect(c.size).toBe(0);
  });

  it('a drop removes the session, and a read that raced the drop cannot put it back', () => {
    const c = new SessionCache();
    c.put('h', row(), c.epoch, 0);
    const readStartedAt = c.epoch;
    c.drop(['s1']);
    expect(c.get('h', 1)).toBeNull();
    // The racing read saw the session live before it ended: it must not be cached.
    c.put('h', row(), readStartedAt, 2);
    expect(c.get('h', 3)).toBeNull();
    c.put('h', row(), c.epoch, 4);
    expect(c.get('h', 5)?.sessionId).toBe('s1');
  });

  it('a drop of other sessions does not stop a read that raced it from being kept', () => {
    const c = new SessionCache();
    const readStartedAt = c.epoch;
    // Another member logged in elsewhere meanwhile: their last session ended on every node.
    c.drop(['s9']);
    c.put('h', row(), readStartedAt, 0);
    expect(c.get('h', 1)?.sessionId).toBe('s1');
  });

  it('a clear refuses every read that began before it', () => {
    const c = new SessionCache();
    const readStartedAt = c.epoch;
    c.clear();
    c.put('h', row(), readStartedAt, 0);
    expect(c.get('h', 1)).toBeNull();
    c.put('h', row(), c.epoch, 2);
    expect(c.get('h', 3)?.sessionId).toBe('s1');
  });

  it('a drop it no longer remembers still refuses the reads that began before it', () => {
    const c = new SessionCache();
    const readStartedAt = c.epoch;
    c.drop(['s1']);
    // Enough later drops that s1's is forgotten.
    for (let i = 0; i < 10_001; i += 1) c.drop([`other-${i}`]);
    c.put('h', row(), readStartedAt, 0);
    expect(c.get('h', 1)).toBeNull();
    c.put('h', row(), c.epoch, 2);
    expect(c.get('h', 3)?.sessionId).toBe('s1');
  });

  it('a touch moves the cached last-seen time', () => {
    const c = new SessionCache();
    c.put('h', row(), c.epoch, 0);
    c.touched('h', 777);
    expect(c.get('h', 1)?.lastSeenAt).toBe(777);
  });
});
