import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { confirmModal } from '../../../components/ui/modal.store';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { describeError } from '../../../lib/api-errors';
import { clearSession, setLeavingForLogin } from '../../../session/session.store';
import { LOGIN_PATH, MINE_PATH } from '../../../site/paths';
import { useLogoutAll } from '../api/logout-all.mutation';
import { useSecurityOverview } from '../api/security-overview.query';
import { DeviceList } from '../components/device-list';
import { InfoRow } from '../components/info-row';
import { LoginHistoryList } from '../components/login-history-list';
import { PasswordChangeSheet } from '../components/password-change-sheet';
import '../components/member.css';

/** /mine/security: bindings, trusted devices, login history, password, log out everywhere. */
export function SecurityPage() {
  const { t } = useTranslation('member');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const overview = useSecurityOverview();
  const logoutAll = useLogoutAll();
  const [changing, setChanging] = useState(false);
  const data = overview.data;

  const askLogoutAll = async () => {
    const yes = await confirmModal({
      title: t('security.logoutAll'),
      content: t('security.logoutAllConfirm'),
      confirmText: t('security.logoutAll'),
      cancelText: tc('cancel'),
    });
    if (!yes) return;
    try {
      await logoutAll.mutateAsync();
      Toast.show({ content: t('security.logoutAllDone') });
      setLeavingForLogin(true);
      clearSession();
      void navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      Toast.show({ content: describeError(error).message });
    }
  };

  return (
    <PageFrame title={t('security.title')} backTo={MINE_PATH}>
      {!data ? (
        overview.isError ? (
          <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
        ) : (
          <PageSkeleton lines={8} />
        )
      ) : (
        <>
          <section className="nb-card nb-rows" aria-labelledby="nb-sec-overview">
            <h2 id="nb-sec-overview" className="nb-card__title">
              {t('security.overview')}
            </h2>
            <p
              className={`nb-risk-note${data.riskyLoginCount > 0 ? ' nb-risk-note--alert' : ''}`}
              role={data.riskyLoginCount > 0 ? 'alert' : undefined}
            >
              {data.riskyLoginCount > 0
                ? t('security.riskyCount', { count: data.riskyLoginCount })
                : t('security.noRisk')}
            </p>
            <InfoRow
              label={t('security.phone')}
              value={data.phoneBound ? t('security.bound') : t('security.unbound')}
            />
            <InfoRow
              label={t('security.fundPassword')}
              value={data.fundPasswordSet ? t('security.set') : t('security.notSet')}
            />
            <InfoRow
              label={t('security.realName')}
              value={t(`realNameStatus.${data.realNameStatus}`)}
            />
            <InfoRow
              label={t('security.changePassword')}
              value={<span className="nb-row__muted">{t('security.changePasswordHint')}</span>}
              onPress={() => setChanging(true)}
            />
          </section>
          <section className="nb-card" aria-labelledby="nb-sec-devices">
            <h2 id="nb-sec-devices" className="nb-card__title">
              {t('security.devices')}
            </h2>
            <p className="nb-card__hint">{t('security.devicesHint')}</p>
            <DeviceList devices={data.devices} />
          </section>
          <section className="nb-card" aria-labelledby="nb-sec-history">
            <h2 id="nb-sec-history" className="nb-card__title">
              {t('security.history')}
            </h2>
            <LoginHistoryList />
          </section>
          <div className="nb-security__footer">
            <Button
              block
              shape="rounded"
              color="danger"
              loading={logoutAll.isPending}
              onClick={() => void askLogoutAll()}
            >
              {t('security.logoutAll')}
            </Button>
            <p className="nb-card__hint">{t('security.logoutAllHint')}</p>
          </div>
          <PasswordChangeSheet visible={changing} onClose={() => setChanging(false)} />
        </>
      )}
    </PageFrame>
  );
}
