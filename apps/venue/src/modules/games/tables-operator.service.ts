import type { Db } from '@nebula/db';
import { ErrorCode, parseMoney } from '@nebula/protocol';
import type {
  SetTableLimitsRequest,
  TableOperatorLimits,
} from '@nebula/protocol/venue/games/tables-api';
import { zonesOfKind } from '@nebula/protocol/venue/games/tables-zones';
import { VenueError } from '../../infra/venue-error';
import { audit, type Operator } from '../operator/operator.service';
import { tableDefinition, type TableSettings } from './tables-catalogue';
import { readTable, type TableRow } from './table.repository';
import { writeTableSettings } from './table-round.repository';
import { limitsView } from './table-views.model';

const invalid = () => new VenueError(ErrorCode.VenueRequestInvalid);

/** Checks a table's limits whole: zones of its kind, 0 < min ≤ max, whole chips, chips rising. */
function checked(t: TableRow, s: TableSettings): TableSettings {
  const chip = s.chips[0];
  if (!chip || s.chips.some((c, i) => c <= 0n || (i > 0 && c <= s.chips[i - 1]!))) throw invalid();
  for (const zone of zonesOfKind(t.kind)) {
    const l = s.zoneLimits[zone];
    if (!l || l.min <= 0n || l.min > l.max || l.min % chip !== 0n || l.max % chip !== 0n) {
      throw invalid();
    }
  }
  if (s.maxPerRound <= 0n || s.maxPerRound % chip !== 0n) throw invalid();
  return s;
}

/** Operators' reads and changes of the tables' limits (docs/contract.md §10.12), audited. */
export class TablesOperatorService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private async table(code: string): Promise<TableRow> {
    const t = tableDefinition(code) ? await readTable(this.db, code) : null;
    if (!t) throw new VenueError(ErrorCode.VenueTableUnknown);
    return t;
  }

  async limits(code: string): Promise<TableOperatorLimits> {
    return { tableCode: code, ...limitsView(await this.table(code)) };
  }

  async setLimits(op: Operator, req: SetTableLimitsRequest): Promise<TableOperatorLimits> {
    const before = await this.table(req.tableCode);
    if (!req.zones && !req.maxPerRound && !req.chips) throw invalid();
    const zoneLimits = { ...before.zoneLimits };
    for (const z of req.zones ?? []) {
      if (!zonesOfKind(before.kind).includes(z.zone)) throw invalid();
      zoneLimits[z.zone] = { min: parseMoney(z.min), max: parseMoney(z.max) };
    }
    const after = checked(before, {
      zoneLimits,
      maxPerRound: req.maxPerRound ? parseMoney(req.maxPerRound) : before.maxPerRound,
      chips: req.chips ? req.chips.map(parseMoney) : before.chips,
    });
    await this.db.tx(async (q) => {
      await writeTableSettings(q, before.code, after, this.now());
      await audit(q, {
        operator: op.name,
        action: 'table.limits',
        target: before.code,
        detail: {
          reason: req.reason,
          before: limitsView(before),
          after: limitsView({ ...before, ...after }),
        },
        at: this.now(),
      });
    });
    return this.limits(before.code);
  }
}
