import { useTranslation } from '../../../i18n/use-translation';
import { useEligibility } from '../api/rewards.queries';

/** Says why rewards cannot be received now (the one eligibility gate, contract §5 Rewards). */
export function EligibilityNotice() {
  const { t } = useTranslation('rewards');
  const eligibility = useEligibility();
  const reason = eligibility.data?.reason;
  if (!reason) return null;
  return (
    <p className="nb-rewards__notice" role="alert" data-testid="reward-ineligible">
      {t(`welfare.ineligible.${reason}`)}
    </p>
  );
}
