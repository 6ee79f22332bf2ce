import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { DEPOSIT_LIMIT_PATH } from '../../../site/paths';
import { useLimitsReview, useLimitsReviewDone } from '../api/limits-review.api';
import './reality-check.css';

/**
 * The reminder to review one's limits (contract §5), shown after login when the server says
 * it is due (about every 6 months): 去查看 opens the limits and records the review; 稍后
 * records it too (the member saw it), so the notice comes back only after the next period.
 */
export function LimitsReviewNotice() {
  const { t } = useTranslation('responsibleGaming');
  const navigate = useNavigate();
  const review = useLimitsReview();
  const done = useLimitsReviewDone();
  if (!review.data?.due) return null;
  const answer = async (open: boolean) => {
    try {
      await done.mutateAsync();
      if (open) void navigate(DEPOSIT_LIMIT_PATH);
    } catch (error) {
      showToast(describeError(error).message);
    }
  };
  return (
    <div className="nb-reality" data-testid="limits-review">
      <section
        className="nb-reality__card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="nb-review-title"
      >
        <h2 id="nb-review-title" className="nb-reality__title">
          {t('review.title')}
        </h2>
        <p className="nb-reality__hint">{t('review.text')}</p>
        <div className="nb-reality__actions">
          <Button shape="rounded" block loading={done.isPending} onClick={() => void answer(false)}>
            {t('review.later')}
          </Button>
          <Button
            shape="rounded"
            color="primary"
            block
            loading={done.isPending}
            onClick={() => void answer(true)}
          >
            {t('review.open')}
          </Button>
        </div>
      </section>
    </div>
  );
}
