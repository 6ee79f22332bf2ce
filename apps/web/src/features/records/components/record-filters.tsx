import type { RecordType } from '@nebula/protocol/api/wallet/wallet.schemas';
import { CalendarPicker } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { serverNow } from '../../../lib/clock';
import { addDays, dateOfPick, pickOfDate, shanghaiDate } from '../../../lib/shanghai-date';

export interface DateRange {
  from?: string;
  to?: string;
}

type Preset = 'all' | 'today' | 'week' | 'month';
/** How far back the custom range reaches (the server totals up to 400 days). */
const HISTORY_DAYS = 365;
const PRESET_DAYS: Record<Exclude<Preset, 'all'>, number> = { today: 0, week: 6, month: 29 };

/** The range of a preset, ending today in Shanghai. */
export function presetRange(preset: Preset, today: string): DateRange {
  if (preset === 'all') return {};
  return { from: addDays(today, -PRESET_DAYS[preset]), to: today };
}

function presetOf(range: DateRange, today: string): Preset | null {
  if (!range.from && !range.to) return 'all';
  for (const preset of ['today', 'week', 'month'] as const) {
    const candidate = presetRange(preset, today);
    if (candidate.from === range.from && candidate.to === range.to) return preset;
  }
  return null;
}

interface RecordFiltersProps {
  types: readonly RecordType[];
  type: RecordType | undefined;
  onType: (type: RecordType | undefined) => void;
  range: DateRange;
  onRange: (range: DateRange) => void;
}

/** Filters of a records page: the kind of entry, and a date range in Shanghai days. */
export function RecordFilters({ types, type, onType, range, onRange }: RecordFiltersProps) {
  const { t } = useTranslation('records');

  return (
    <div className="nb-rfilters">
      <div className="nb-rfilters__row" role="group" aria-label={t('filters.type')}>
        <button
          type="button"
          className="nb-rchip"
          aria-pressed={type === undefined}
          onClick={() => onType(undefined)}
        >
          {t('filters.allTypes')}
        </button>
        {types.map((kind) => (
          <button
            key={kind}
            type="button"
            className="nb-rchip"
            aria-pressed={type === kind}
            onClick={() => onType(kind)}
          >
            {t(`type.${kind}`)}
          </button>
        ))}
      </div>
      <DateRangeRow range={range} onRange={onRange} />
    </div>
  );
}

/** The date row of a records page: presets and a custom range, in Shanghai days. */
export function DateRangeRow({
  range,
  onRange,
}: {
  range: DateRange;
  onRange: (range: DateRange) => void;
}) {
  const { t } = useTranslation('records');
  const [picking, setPicking] = useState(false);
  const today = shanghaiDate(serverNow());
  const preset = presetOf(range, today);
  return (
    <>
      <div className="nb-rfilters__row" role="group" aria-label={t('filters.date')}>
        {(['all', 'today', 'week', 'month'] as const).map((key) => (
          <button
            key={key}
            type="button"
            className="nb-rchip"
            aria-pressed={preset === key}
            onClick={() => onRange(presetRange(key, today))}
          >
            {t(`filters.${key}`)}
          </button>
        ))}
        <button
          type="button"
          className="nb-rchip nb-rchip--icon"
          aria-pressed={preset === null}
          onClick={() => setPicking(true)}
        >
          <CalendarOutline aria-hidden="true" />
          {preset === null && range.from && range.to
            ? t('filters.customRange', { from: range.from.slice(5), to: range.to.slice(5) })
            : t('filters.custom')}
        </button>
      </div>
      <CalendarPicker
        visible={picking}
        selectionMode="range"
        title={t('filters.pickTitle')}
        confirmText={t('filters.pickConfirm')}
        weekStartsOn="Monday"
        min={pickOfDate(addDays(today, -HISTORY_DAYS))}
        max={pickOfDate(today)}
        defaultValue={
          range.from && range.to ? [pickOfDate(range.from), pickOfDate(range.to)] : null
        }
        onClose={() => setPicking(false)}
        onConfirm={(picked) => {
          setPicking(false);
          if (picked) onRange({ from: dateOfPick(picked[0]), to: dateOfPick(picked[1]) });
        }}
      />
    </>
  );
}
