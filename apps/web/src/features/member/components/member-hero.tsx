import type { MemberInfo } from '@nebula/protocol/api/member/member.schemas';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-time';
import { USER_INFO_PATH } from '../../../site/paths';

/** The member centre's header: avatar, nickname with VIP badge, account name. */
export function MemberHero({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('member');
  return (
    <Link className="nb-hero" to={USER_INFO_PATH} aria-label={t('mine.profile')}>
      <img className="nb-hero__avatar" src={info.avatar} alt="" width={64} height={64} />
      <div className="nb-hero__text">
        <p className="nb-hero__name">
          <span className="nb-hero__nickname">{info.nickname}</span>
          <span className="nb-vip">{t('vip', { level: info.vipLevel })}</span>
        </p>
        <p className="nb-hero__meta">{t('mine.account', { name: info.userName })}</p>
        <p className="nb-hero__meta">
          {t('mine.registeredAt', { date: formatDate(info.registeredAt) })}
        </p>
      </div>
      <RightOutline className="nb-hero__arrow" aria-hidden="true" />
    </Link>
  );
}
