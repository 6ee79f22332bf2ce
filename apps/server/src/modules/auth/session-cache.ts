import type { SessionLookup } from './session.repository';

/**
 * How long a node trusts a live session it has read without asking the database again. Every
 * way a session ends (login elsewhere, password, block, device block, logout) drops it at once
 * on this node and, through `session.ended` on the bus, on every other node; the TTL only bounds
 * how long a node could act on a session whose end notice it missed (a Redis outage).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;
/** Recent drops remembered per session; older ones are folded into the floor (see drop). */
const MAX_DROPPED = 10_000;

interface Entry {
  row: SessionLookup;
  cachedAt: number;
}

/**
 * Live sessions by token hash, per node: a member call then needs no database round trip to
 * authenticate. Only live, unblocked sessions are kept, and only their "still live" verdict is
 * trusted: anything that would refuse the call is read again from the database, so the codes
 * (6001, 10105, 10104, 10102, 10004) always come from the stored truth.
 */
export class SessionCache {
  readonly #byHash = new Map<string, Entry>();
  readonly #hashBySession = new Map<string, string>();
  /** Bumped by every drop: a read started at an earlier epoch may have raced an end. */
  #epoch = 0;
  /**
   * The epoch each recently ended session was dropped at, oldest first: a read of that session
   * that began before its drop must not put it back. Per session, not one epoch for all: under
   * members' logins elsewhere (each ends the member's last session on every node) nearly every
   * lookup raced some drop, and the cache refused to keep any of them (docs/benchmarks.md,
   * "## site").
   */
  readonly #droppedAt = new Map<string, number>();
  /** Reads that began before this epoch are never kept: a clear, or drops no longer remembered. */
  #floor = 0;

  get epoch(): number {
    return this.#epoch;
  }

  get(hash: string, now: number): SessionLookup | null {
    const entry = this.#byHash.get(hash);
    if (!entry) return null;
    if (now - entry.cachedAt >= SESSION_CACHE_TTL_MS || now < entry.cachedAt) {
      this.#delete(hash, entry.row.sessionId);
      return null;
    }
    return entry.row;
  }

  /** Keeps a live row read at `epoch`, unless this session ended since that read began. */
  put(hash: string, row: SessionLookup, epoch: number, now: number): void {
    if (epoch < this.#floor) return;
    const droppedAt = this.#droppedAt.get(row.sessionId);
    if (droppedAt !== undefined && droppedAt > epoch) return;
    if (row.endReason || row.memberBlocked || row.deviceBlocked) return;
    if (this.#byHash.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.#byHash.keys().next();
      if (!oldest.done) this.#delete(oldest.value, this.#byHash.get(oldest.value)?.row.sessionId);
    }
    this.#byHash.set(hash, { row, cachedAt: now });
    this.#hashBySession.set(row.sessionId, hash);
  }

  /** The session was seen now (the database was touched too). */
  touched(hash: string, lastSeenAt: number): void {
    const entry = this.#byHash.get(hash);
    if (entry) entry.row = { ...entry.row, lastSeenAt };
  }

  drop(sessionIds: readonly string[]): void {
    this.#epoch += 1;
    for (const id of sessionIds) {
      // Deleted first so the map stays in the order of the drops.
      this.#droppedAt.delete(id);
      this.#droppedAt.set(id, this.#epoch);
      this.#delete(this.#hashBySession.get(id), id);
    }
    // The oldest drop forgotten: every read that began before it is refused instead.
    for (const [id, at] of this.#droppedAt) {
      if (this.#droppedAt.size <= MAX_DROPPED) break;
      this.#droppedAt.delete(id);
      this.#floor = Math.max(this.#floor, at);
    }
  }

  clear(): void {
    this.#epoch += 1;
    this.#floor = this.#epoch;
    this.#droppedAt.clear();
    this.#byHash.clear();
    this.#hashBySession.clear();
  }

  get size(): number {
    return this.#byHash.size;
  }

  #delete(hash: string | undefined, sessionId: string | undefined): void {
    if (hash !== undefined) this.#byHash.delete(hash);
    if (sessionId !== undefined) this.#hashBySession.delete(sessionId);
  }
}
