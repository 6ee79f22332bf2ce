import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { useMemberInfo } from '../../features/member/api/member-info.query';
import { BalanceButton } from '../../features/wallet/components/balance-button';
import { useSessionStore } from '../../session/session.store';
import { DEPOSIT_PATH, LOGIN_PATH, MINE_PATH, REGISTER_PATH } from '../../site/paths';
import { usePreInfoStore } from '../../site/pre-info.store';
import { prefetchRoute } from './route-prefetch';

const DEFAULT_LOGO = '/static/logo.svg';

/** The member's avatar, named by the nickname, linking to the member centre. */
function MemberChip() {
  const { data } = useMemberInfo();
  if (!data) return <span className="nb-topbar__member nb-topbar__member--pending" aria-hidden />;
  return (
    <Link
      className="nb-topbar__member"
      to={MINE_PATH}
      aria-label={data.nickname}
      onTouchStart={() => prefetchRoute(MINE_PATH)}
      onMouseEnter={() => prefetchRoute(MINE_PATH)}
    >
      <img className="nb-topbar__avatar" src={data.avatar} alt="" width={28} height={28} />
    </Link>
  );
}

/**
 * Logo and site title from pre-info; 登录 / 注册 for visitors. Members see their main balance
 * (tap to refresh) and the deposit button (design "Frame"), with their avatar to the centre.
 */
export function TopBar() {
  const { t } = useTranslation('shell');
  const { t: tHome } = useTranslation('home');
  const base = usePreInfoStore((state) => state.preInfo?.SiteBaseConfigVo);
  const loggedIn = useSessionStore((state) => state.token !== null);
  const title = base?.title || t('siteTitleFallback');
  // A member's bar also holds the avatar, balance and 存款: the name gives way to its first
  // part ("星云体育 · Nebula" → "星云体育"), and what still does not fit ends in an ellipsis.
  const shown = loggedIn ? (title.split(/\s*[·|｜]\s*/)[0] ?? title) : title;
  const warm = (path: string) => () => prefetchRoute(path);

  return (
    <header className="nb-topbar">
      <Link to="/" className="nb-topbar__brand" aria-label={title}>
        <img
          className="nb-topbar__logo"
          src={base?.logoUrl || DEFAULT_LOGO}
          alt=""
          width={32}
          height={32}
        />
        <span className="nb-topbar__title" title={title}>
          {shown}
        </span>
      </Link>
      <div className="nb-topbar__actions">
        {loggedIn ? (
          <>
            <MemberChip />
            <BalanceButton />
            <Link
              className="nb-pill nb-pill--solid"
              to={DEPOSIT_PATH}
              onTouchStart={warm(DEPOSIT_PATH)}
            >
              {tHome('actions.deposit')}
            </Link>
          </>
        ) : (
          <>
            <Link
              className="nb-pill"
              to={LOGIN_PATH}
              onTouchStart={warm(LOGIN_PATH)}
              onMouseEnter={warm(LOGIN_PATH)}
            >
              {t('login')}
            </Link>
            <Link
              className="nb-pill nb-pill--solid"
              to={REGISTER_PATH}
              onTouchStart={warm(REGISTER_PATH)}
              onMouseEnter={warm(REGISTER_PATH)}
            >
              {t('register')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
