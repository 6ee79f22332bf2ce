import type { RecordType } from '@nebula/protocol/api/wallet/wallet.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { CURRENCY_PATH, MINE_PATH } from '../../../site/paths';
import { RecordFilters } from '../components/record-filters';
import { RecordList } from '../components/record-list';
import { useRecordFilter } from '../hooks/use-record-filter';
import '../components/records.css';

/** COIN comes from purchases and operator adjustments now; activities grant it later. */
const TYPES: readonly RecordType[] = ['coinBuy', 'adjust', 'bonus', 'gift'];

/** /mine/record/currencyRecord: every movement of the COIN balance, by day. */
export function CurrencyRecordPage() {
  const { t } = useTranslation('records');
  const { filter, type, range, setType, setRange } = useRecordFilter('COIN', TYPES);
  return (
    <PageFrame title={t('coinTitle')} backTo={MINE_PATH}>
      <RecordFilters types={TYPES} type={type} onType={setType} range={range} onRange={setRange} />
      <RecordList
        filter={filter}
        emptyAction={
          <Link className="nb-btn nb-btn--small nb-btn--solid" to={CURRENCY_PATH}>
            {t('goBuyCoin')}
          </Link>
        }
      />
    </PageFrame>
  );
}
