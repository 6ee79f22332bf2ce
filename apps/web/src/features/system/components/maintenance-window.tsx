import { useTranslation } from '../../../i18n/use-translation';

/** The maintenance window line: both ends, or whichever the operator set. */
export function MaintenanceWindow({ start, end }: { start: string | null; end: string | null }) {
  const { t } = useTranslation('system');
  if (!start && !end) return null;
  const text =
    start && end
      ? t('maintenance.window', { start, end })
      : start
        ? t('maintenance.windowFrom', { start })
        : t('maintenance.windowUntil', { end });
  return <p className="nb-status__meta">{text}</p>;
}
