import {
  BankcardOutline,
  LoopOutline,
  PayCircleOutline,
  StarOutline,
} from '../../../components/ui/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import './quick-actions.css';
import { Link } from 'react-router';

interface Action {
  key: 'deposit' | 'withdrawal' | 'transfer' | 'vip';
  to: string;
  icon: ReactNode;
}

const ACTIONS: Action[] = [
  { key: 'deposit', to: '/mine/finance/deposit', icon: <BankcardOutline /> },
  { key: 'withdrawal', to: '/mine/finance/withdrawal', icon: <PayCircleOutline /> },
  { key: 'transfer', to: '/mine/finance/transfer', icon: <LoopOutline /> },
  { key: 'vip', to: '/mine/vip', icon: <StarOutline /> },
];

/** 存款 取款 转账 VIP (design "Home"). */
export function QuickActions() {
  const { t } = useTranslation('home');
  return (
    <nav className="nb-actions" aria-label={t('actions.deposit')}>
      {ACTIONS.map((action) => (
        <Link
          key={action.key}
          to={action.to}
          className={`nb-actions__item nb-actions__item--${action.key}`}
        >
          <span className="nb-actions__icon" aria-hidden="true">
            {action.icon}
          </span>
          <span className="nb-actions__label">{t(`actions.${action.key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
