import type { Gift } from '@nebula/protocol/api/chat/chat.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { shiftBurst, useChatRoomStore } from '../model/chat-room.store';
import { aroundSlot, giftIconSrc, SLOT } from '../model/display';

/**
 * The animation of an arriving gift (CSS only), one at a time from the queue: the next starts
 * when the current one's animation ends. Decorative: the gift is also a line in the list.
 */
export function GiftBurst({ catalogue }: { catalogue: Gift[] }) {
  const { t } = useTranslation('chat');
  const gift = useChatRoomStore((state) => state.bursts[0]);
  if (!gift) return null;
  const known = catalogue.find((item) => item.giftId === gift.giftId);
  const [before, after] = aroundSlot(
    t('list.gift', {
      nickname: SLOT,
      name: known?.name ?? t('list.giftFallback'),
      count: gift.count,
    }),
  );
  return (
    <div className="nb-gift-burst" aria-hidden="true" data-testid="gift-burst">
      <div key={gift.id} className="nb-gift-burst__card" onAnimationEnd={() => shiftBurst()}>
        <img
          className="nb-gift-burst__icon"
          src={giftIconSrc(known?.icon)}
          alt=""
          width={72}
          height={72}
        />
        <p className="nb-gift-burst__text">
          {before}
          <bdi>{gift.sender.nickname}</bdi>
          {after}
        </p>
      </div>
    </div>
  );
}
