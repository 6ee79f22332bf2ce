import { ErrorCode, type AdminTransfer } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { TransferEngine } from './transfer-engine';
import type { TransferService } from './transfer.service';
import * as repo from './transfer.repository';
import type { TransferRow } from './transfer.repository';

export interface ResolverDeps {
  db: Db;
  clock: Clock;
  engine: TransferEngine;
  transfers: TransferService;
  audit: AuditService;
  members: MemberService;
  log: FastifyBaseLogger;
}

/** How long a node holds the pending transfers it claimed before another may ask again. */
const CLAIM_MS = 60_000;

/**
 * Transfers left pending by an unknown outcome (contract §6): a resolver asks the venue by
 * transfer id until the answer is definite — never guessed. It runs on one node (the worker
 * lease), at start-up too; operators see pending transfers and resolve one by hand from the
 * venue's answer (audited), or bring a member's venue balances home.
 */
export class TransferResolverService {
  constructor(private readonly d: ResolverDeps) {}

  /** One pass: every due pending transfer (every pending one at start-up) asked once. */
  async resolveDue(opts: { all?: boolean; limit?: number } = {}): Promise<number> {
    const rows = await this.d.db.tx((q) =>
      repo.claimDue(q, this.d.clock.now(), opts.limit ?? 50, CLAIM_MS, opts.all ?? false),
    );
    let settled = 0;
    for (const row of rows) {
      try {
        const r = await this.d.engine.check(row, 'resolver');
        if (r.row.status !== 'pending') settled += 1;
      } catch (err) {
        this.d.log.error({ err, transferId: row.id }, 'transfer resolution failed');
      }
    }
    return settled;
  }

  async list(f: {
    status?: TransferRow['status'];
    memberId?: number;
    venueCode?: string;
    page: number;
    pageSize: number;
  }) {
    const r = await repo.listTransfers(this.d.db, f, f.pageSize, (f.page - 1) * f.pageSize);
    return {
      list: await this.#present(r.rows),
      page: f.page,
      pageSize: f.pageSize,
      total: r.total,
    };
  }

  async #present(rows: TransferRow[]): Promise<AdminTransfer[]> {
    const names = await this.d.members.userNames(
      this.d.db,
      rows.map((r) => r.memberId),
    );
    return Promise.all(
      rows.map(async (r) => ({
        ...(await this.d.transfers.present(r)),
        memberId: r.memberId,
        userName: names.get(r.memberId) ?? '',
        attempts: r.attempts,
        lastCheckedAt: r.lastCheckedAt,
        lastAnswer: r.lastAnswer,
      })),
    );
  }

  /**
   * An operator asks the venue now and applies its answer (audited with the completion). No
   * definite answer: 7025 and nothing moves — an operator never guesses either.
   */
  async resolve(op: Actor, transferId: string, reason: string): Promise<AdminTransfer> {
    const row = await repo.readTransfer(this.d.db, transferId);
    if (!row) throw new AppError(ErrorCode.TransferNotFound);
    if (row.status !== 'pending') throw new AppError(ErrorCode.TransferSettled);
    const r = await this.d.engine.check(row, `operator:${op.userName}`, (q) =>
      this.d.audit.record(q, {
        actor: op.userName,
        action: 'transfer.resolve',
        target: `transfer:${transferId}`,
        before: { status: 'pending' },
        after: { reason },
      }),
    );
    if (r.verdict.kind === 'unknown')
      throw new AppError(ErrorCode.TransferUnresolved, { lastAnswer: r.verdict.reason });
    if (r.row.status === 'pending') throw new AppError(ErrorCode.TransferUnresolved);
    return (await this.#present([r.row]))[0]!;
  }

  /** Brings a member's venue balances home (a blocked member cannot ask), audited. */
  async recallForMember(op: Actor, memberId: number, key: string, reason: string) {
    if (!(await this.d.members.exists(this.d.db, memberId)))
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'memberId', message: 'unknown member' }],
      });
    const { rows, unreachable } = await this.d.transfers.recall(
      memberId,
      `${op.userName}:${key}`,
      undefined,
      'O',
    );
    await this.d.db.tx((q) =>
      this.d.audit.record(q, {
        actor: op.userName,
        action: 'member.venueRecall',
        target: `member:${memberId}`,
        before: null,
        after: {
          reason,
          transfers: rows.map((r) => ({ id: r.id, status: r.status })),
          unreachable: unreachable.map((u) => u.venueCode),
        },
      }),
    );
    return { transfers: await this.#present(rows), unreachable };
  }
}
