import { readFileSync } from 'node:fs';

/**
 * The default cap on chat sockets per node (`CHAT_MAX_SOCKETS` unset): the process's soft
 * open-files limit less a reserve for the node's own files, so a room that fills up never takes
 * the last file an HTTP call or the database needs (docs/architecture.md, the chat socket;
 * docs/benchmarks.md "## chat": at the limit libuv accepted and reset every new HTTP connection).
 *
 * The reserve, in files:
 * - 1,000: the embedded database. PGlite's PostgreSQL keeps up to `max_files_per_process`
 *   (1,000) relation and WAL files open; with PostgreSQL instead the pool holds 10 sockets,
 *   so 1,000 also covers a pool, its reconnects and a second pool with room to spare.
 * - 8: Redis (commands, the bus's subscriber, a reconnect in progress).
 * - 512: HTTP: keep-alive sockets of members and operators, calls in flight, upgrades being
 *   answered, outgoing calls to venues and payment gateways.
 * - 80: the rest: stdio and logs, libuv's own (epoll, eventfd, signal and thread-pool pipes),
 *   an inspector, files the node reads while serving (static pages, exports).
 */
export const CHAT_FILE_RESERVE = 1_000 + 8 + 512 + 80;
/** A node whose limit leaves less than this still takes this many: a chat with a room at all. */
export const CHAT_MIN_SOCKETS = 256;
/**
 * Where the limit cannot be read (not Linux, no /proc): Node raises its soft limit to the hard
 * one at start, and common hosts then allow well over this plus the reserve.
 */
export const CHAT_FALLBACK_SOCKETS = 4_096;

/** The soft "Max open files" of /proc/self/limits, or null when unreadable or unlimited. */
export function parseSoftOpenFiles(limits: string): number | null {
  const m = /^Max open files\s+(\d+)\s/m.exec(limits);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** This process's soft open-files limit (Linux), or null elsewhere. Read once, at start. */
export function readSoftOpenFiles(): number | null {
  try {
    return parseSoftOpenFiles(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return null;
  }
}

/** The cap for a soft open-files limit (null: unknown). */
export function defaultChatMaxSockets(softLimit: number | null): number {
  if (softLimit === null) return CHAT_FALLBACK_SOCKETS;
  return Math.max(CHAT_MIN_SOCKETS, softLimit - CHAT_FILE_RESERVE);
}
