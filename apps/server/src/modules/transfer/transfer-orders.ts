import { fenToYuanString, messageFor, type TransferOrder } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';
import { shanghaiDayRange } from '../../lib/shanghai-time';
import type { VenueRegistry } from '../venue-registry/venue-registry.service';
import * as repo from './transfer.repository';
import type { TransferRow } from './transfer.repository';

export interface TransferOrderFilter {
  status?: TransferRow['status'];
  venueCode?: string;
  /** Shanghai calendar days, inclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** A transfer as the member's list shows it: the venue's name, its outcome and failure text. */
export async function presentTransfer(
  registry: VenueRegistry,
  row: TransferRow,
): Promise<TransferOrder> {
  return {
    transferId: row.id,
    venueCode: row.venueCode,
    venueName: (await registry.get(row.venueCode))?.name ?? row.venueCode,
    direction: row.direction,
    amount: fenToYuanString(row.amount),
    status: row.status,
    kind: row.kind,
    failure:
      row.status === 'failed' && row.failureCode !== null
        ? { code: row.failureCode, message: messageFor(row.failureCode) }
        : null,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
  };
}

/** The member's transfer list, newest first, one page. */
export async function listTransferOrders(
  q: Queryable,
  registry: VenueRegistry,
  memberId: number,
  f: TransferOrderFilter,
) {
  const r = await repo.listTransfers(
    q,
    {
      memberId,
      venueCode: f.venueCode,
      status: f.status,
      from: f.from ? shanghaiDayRange(f.from)[0] : undefined,
      to: f.to ? shanghaiDayRange(f.to)[1] : undefined,
    },
    f.pageSize,
    (f.page - 1) * f.pageSize,
  );
  return {
    list: await Promise.all(r.rows.map((row) => presentTransfer(registry, row))),
    page: f.page,
    pageSize: f.pageSize,
    total: r.total,
  };
}
