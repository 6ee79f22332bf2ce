import type { Grant } from '@nebula/protocol/api/rewards/rewards.schemas';
import { parseMoney } from '@nebula/protocol/money/fen';
import { Button, Dialog, ProgressBar } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { Money, formatFigure } from '../../../components/ui/money';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { useClaimGrant, useGiveUpGrant } from '../api/rewards.mutations';
import { progressPercent } from '../model/progress';

const TONE: Record<Grant['status'], BadgeTone> = {
  available: 'primary',
  paid: 'success',
  expired: 'muted',
  revoked: 'danger',
};

/** One grant of 福利记录: kind, amount, status, its bucket's progress, 领取 / 放弃优惠. */
export function GrantCard({ grant }: { grant: Grant }) {
  const { t } = useTranslation('rewards');
  const claim = useClaimGrant();
  const giveUp = useGiveUpGrant();
  const onClaim = () =>
    claim.mutate(grant.id, {
      onSuccess: () => showToast(t('welfare.claimed')),
      onError: (err) => showToast(describeError(err).message),
    });
  const onGiveUp = async () => {
    const ok = await Dialog.confirm({
      title: t('welfare.giveUpTitle'),
      content: t('welfare.giveUpBody', { amount: formatFigure(grant.amount) }),
      confirmText: t('welfare.giveUpConfirm'),
    });
    if (!ok) return;
    giveUp.mutate(grant.id, {
      onSuccess: (g) =>
        showToast(t('welfare.gaveUp', { amount: formatFigure(g.forfeited ?? '0') })),
      onError: (err) => showToast(describeError(err).message),
    });
  };
  const b = grant.bucket;
  return (
    <li className="nb-card nb-grant" data-testid="grant-card">
      <div className="nb-grant__row">
        <span className="nb-grant__title">{grant.title}</span>
        <StatusBadge tone={TONE[grant.status]}>{t(`welfare.status.${grant.status}`)}</StatusBadge>
      </div>
      <div className="nb-grant__row">
        <span className="nb-grant__meta">{t(`welfare.kind.${grant.kind}`)}</span>
        <Money value={grant.amount} />
      </div>
      {b && (
        <>
          <div className="nb-grant__row nb-grant__meta">
            <span>
              {t('welfare.bucket', {
                filled: formatFigure(b.filled),
                required: formatFigure(b.required),
              })}
            </span>
            <span>{t(`welfare.bucketStatus.${b.status}`)}</span>
          </div>
          <ProgressBar percent={progressPercent(b.filled, b.required)} />
        </>
      )}
      {grant.forfeited && parseMoney(grant.forfeited) > 0n && (
        <span className="nb-grant__meta">
          {t('welfare.forfeited', { amount: formatFigure(grant.forfeited) })}
        </span>
      )}
      <span className="nb-grant__meta">
        {grant.status === 'available' && grant.expiresAt
          ? t('welfare.expiresAt', { time: shanghaiDateTime(grant.expiresAt) })
          : t('welfare.createdAt', { time: shanghaiDateTime(grant.paidAt ?? grant.createdAt) })}
      </span>
      <div className="nb-grant__actions">
        {grant.status === 'available' && (
          <Button size="small" color="primary" loading={claim.isPending} onClick={onClaim}>
            {t('welfare.claim')}
          </Button>
        )}
        {grant.status === 'paid' && b?.status === 'open' && (
          <Button
            size="small"
            fill="outline"
            loading={giveUp.isPending}
            onClick={() => void onGiveUp()}
          >
            {t('welfare.giveUp')}
          </Button>
        )}
      </div>
    </li>
  );
}
