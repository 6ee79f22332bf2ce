import type { RecordType } from '@nebula/protocol/api/wallet/wallet.schemas';
import { useSearchParams } from 'react-router';
import type { RecordFilter } from '../api/records.query';
import type { DateRange } from '../components/record-filters';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filter lives in the address (?type=&from=&to=), so back, reload and a shared link keep
 * it; anything malformed there is ignored rather than sent.
 */
export function useRecordFilter(asset: RecordFilter['asset'], types: readonly RecordType[]) {
  const [params, setParams] = useSearchParams();
  const rawType = params.get('type');
  const type = types.find((kind) => kind === rawType);
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const range: DateRange = from && to && DATE.test(from) && DATE.test(to) ? { from, to } : {};
  const filter: RecordFilter = { asset, ...(type ? { type } : {}), ...range };

  const update = (next: { type?: RecordType; range: DateRange }) => {
    const search: Record<string, string> = {};
    if (next.type) search.type = next.type;
    if (next.range.from && next.range.to) {
      search.from = next.range.from;
      search.to = next.range.to;
    }
    setParams(search, { replace: true });
  };

  return {
    filter,
    type,
    range,
    setType: (kind: RecordType | undefined) => update({ type: kind, range }),
    setRange: (next: DateRange) => update({ type, range: next }),
  };
}
