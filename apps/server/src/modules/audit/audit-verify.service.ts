import type { Db } from '@nebula/db';
import type { AuditVerifyResult } from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import type { AuditCheckpointService } from './audit-checkpoint.service';
import { chainAfter, hashesAt } from './audit.repository';

const PAGE = 2000;
const GENESIS = '0'.repeat(64);
type Problem = NonNullable<AuditVerifyResult['firstBroken']>['problem'];

/**
 * Walks the audit chain from its first row (docs/architecture.md, "The audit chain"): each row's
 * hash must be what its content gives, its previous hash the row before's, its seq the next
 * number; then each checkpoint must be signed with the key and match the row at its seq.
 */
export class AuditVerifyService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly checkpoints: AuditCheckpointService,
  ) {}

  async verify(): Promise<AuditVerifyResult> {
    let after = 0n;
    let prev = GENESIS;
    let rows = 0;
    let broken: { seq: number; problem: Problem } | null = null;
    let head: { seq: number; hash: string } | null = null;
    for (;;) {
      const page = await chainAfter(this.db, after, PAGE);
      for (const link of page) {
        rows += 1;
        if (!broken) {
          if (link.seq !== after + 1n) broken = { seq: Number(after + 1n), problem: 'gap' };
          else if (link.prevHash !== prev) broken = { seq: Number(link.seq), problem: 'link' };
          else if (link.computed !== link.hash) broken = { seq: Number(link.seq), problem: 'hash' };
        }
        after = link.seq;
        prev = link.hash;
        head = { seq: Number(link.seq), hash: link.hash };
      }
      if (page.length < PAGE) break;
    }
    const list = await this.checkpoints.list();
    const stored = await hashesAt(
      this.db,
      list.map((c) => BigInt(c.seq)),
    );
    const checks: AuditVerifyResult['checkpoints'] = [];
    for (const c of list) {
      const hash = stored.get(BigInt(c.seq));
      const problem = !(await this.checkpoints.signatureOk(c))
        ? ('signature' as const)
        : hash === undefined
          ? ('missing' as const)
          : hash !== c.hash
            ? ('hash' as const)
            : null;
      checks.push({ seq: c.seq, at: c.at, ok: problem === null, problem });
      // A checkpoint the log no longer agrees with names its row, when the walk found nothing
      // before it (a rewrite that recomputed every hash after the row).
      if (problem && problem !== 'signature' && (!broken || c.seq < broken.seq))
        broken = { seq: c.seq, problem: 'checkpoint' };
    }
    return {
      ok: broken === null && checks.every((c) => c.ok),
      rows,
      head,
      firstBroken: broken,
      checkpoints: checks,
      checkedAt: this.clock.now(),
    };
  }
}
