import type { RecordType } from '@nebula/protocol/api/wallet/wallet.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { DEPOSIT_PATH, MINE_PATH } from '../../../site/paths';
import { RecordFilters } from '../components/record-filters';
import { RecordList } from '../components/record-list';
import { useRecordFilter } from '../hooks/use-record-filter';
import '../components/records.css';

/** The kinds of entry the main wallet has: money in and out, and transfers with the venues. */
const TYPES: readonly RecordType[] = [
  'deposit',
  'withdraw',
  'withdrawRefund',
  'transferIn',
  'transferOut',
  'transferRefund',
  'adjust',
  'coinBuy',
];

/** /mine/record/transRecord: every movement of the main wallet (CNY), by day. */
export function TransRecordPage() {
  const { t } = useTranslation('records');
  const { filter, type, range, setType, setRange } = useRecordFilter('CNY', TYPES);
  return (
    <PageFrame title={t('transTitle')} backTo={MINE_PATH}>
      <RecordFilters types={TYPES} type={type} onType={setType} range={range} onRange={setRange} />
      <RecordList
        filter={filter}
        emptyAction={
          <Link className="nb-btn nb-btn--small nb-btn--solid" to={DEPOSIT_PATH}>
            {t('goDeposit')}
          </Link>
        }
      />
    </PageFrame>
  );
}
