import { Button, PullToRefresh, Skeleton, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { confirmModal } from '../../../components/ui/modal.store';
import { ErrorState } from '../../../components/ui/page-states';
import { HOME_PATH } from '../../../site/paths';
import { useLogout } from '../api/logout.mutation';
import { useMemberInfo } from '../api/member-info.query';
import { MemberHero } from '../components/member-hero';
import { SHORTCUT_SECTIONS } from '../components/member-shortcuts';
import { ShortcutGrid, type ShortcutBadges } from '../components/shortcut-grid';
import '../components/member.css';

/**
 * /mine, the 我的 tab: who is logged in, every member page, logout. `wallet` is the balances
 * card, composed in by app/ from the wallet feature.
 */
export function MinePage({ wallet, badges }: { wallet?: ReactNode; badges?: ShortcutBadges }) {
  const { t } = useTranslation('member');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const info = useMemberInfo();
  const logout = useLogout();

  const askLogout = async () => {
    const yes = await confirmModal({
      title: t('mine.logout'),
      content: t('mine.logoutConfirm'),
      confirmText: t('mine.logout'),
      cancelText: tc('cancel'),
    });
    if (!yes) return;
    await logout.mutateAsync().catch(() => undefined);
    Toast.show({ content: t('mine.logoutDone') });
    void navigate(HOME_PATH, { replace: true });
  };

  return (
    <PullToRefresh onRefresh={() => info.refetch().then(() => undefined)}>
      <div className="nb-mine">
        <header className="nb-mine__top">
          <h1 className="nb-mine__title">{t('mine.title')}</h1>
          {info.data ? (
            <MemberHero info={info.data} />
          ) : info.isError ? (
            <div className="nb-hero nb-hero--state">
              <ErrorState error={info.error} onRetry={() => void info.refetch()} compact />
            </div>
          ) : (
            <div className="nb-hero nb-hero--state" aria-busy="true">
              <Skeleton className="nb-hero__avatar-skeleton" animated />
              <Skeleton.Paragraph lineCount={2} animated />
            </div>
          )}
        </header>
        <div className="nb-mine__body">
          {wallet}
          {SHORTCUT_SECTIONS.map((section) => (
            <ShortcutGrid key={section.key} section={section} badges={badges} />
          ))}
          <Button
            className="nb-mine__logout"
            block
            shape="rounded"
            color="danger"
            fill="outline"
            loading={logout.isPending}
            onClick={() => void askLogout()}
          >
            {t('mine.logout')}
          </Button>
        </div>
      </div>
    </PullToRefresh>
  );
}
