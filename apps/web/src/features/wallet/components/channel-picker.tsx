import type { DepositChannel } from '@nebula/protocol/api/wallet/wallet.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { formatBound } from '../../../components/ui/amount-input';
import { ChannelIcon } from './channel-icon';

interface ChannelPickerProps {
  channels: DepositChannel[];
  value: string | null;
  onChange: (channelId: string) => void;
}

/** The deposit channels as a grid of radio cards: icon, name, and the range it takes. */
export function ChannelPicker({ channels, value, onChange }: ChannelPickerProps) {
  const { t } = useTranslation('wallet');
  return (
    <div className="nb-channels" role="radiogroup" aria-label={t('deposit.channel')}>
      {channels.map((channel) => {
        const checked = channel.id === value;
        const unit = channel.currency === 'USDT' ? 'USDT' : '¥';
        return (
          <button
            key={channel.id}
            type="button"
            role="radio"
            aria-checked={checked}
            className={`nb-channels__item${checked ? ' nb-channels__item--on' : ''}`}
            onClick={() => onChange(channel.id)}
          >
            <ChannelIcon type={channel.type} size={36} />
            <span className="nb-channels__name">{channel.name}</span>
            <span className="nb-channels__range nb-amount">
              {unit === '¥' ? '¥' : ''}
              {formatBound(channel.min, 2).replace(/\.00$/, '')}–
              {formatBound(channel.max, 2).replace(/\.00$/, '')}
              {unit === 'USDT' ? ' USDT' : ''}
            </span>
            {channel.online && <span className="nb-channels__tag">{t('deposit.instant')}</span>}
          </button>
        );
      })}
    </div>
  );
}
