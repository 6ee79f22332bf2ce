import type { Gift } from '@nebula/protocol/api/chat/chat.schemas';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { formatCoin } from '@nebula/protocol/format/number-format';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { CURRENCY_PATH } from '../../../site/paths';
import { useChatGifts } from '../api/chat-gifts.query';
import { useGiftSend } from '../hooks/use-gift-send';
import { giftIconSrc } from '../model/display';
import { GiftRefused } from '../model/gift-send';

/** Counts offered per send: one, a handful, a show of support. */
const COUNTS = [1, 10, 66] as const;

/** The member's COIN, from the wallet (composed in by the route). */
export interface ChatCoin {
  /** Whole COIN as a decimal string; null while unknown. */
  balance: string | null;
  refresh: () => void;
}

function wholeCoin(value: string | null | undefined): bigint | null {
  return value && /^\d+$/.test(value) ? BigInt(value) : null;
}

function GiftGrid({
  gifts,
  chosen,
  onChoose,
}: {
  gifts: Gift[];
  chosen: Gift | undefined;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <div className="nb-gifts" role="radiogroup" aria-label={t('gift.title')}>
      {gifts.map((gift) => (
        <button
          key={gift.giftId}
          type="button"
          role="radio"
          aria-checked={gift.giftId === chosen?.giftId}
          className={`nb-gifts__item${gift.giftId === chosen?.giftId ? ' nb-gifts__item--on' : ''}`}
          onClick={() => onChoose(gift.giftId)}
        >
          <img src={giftIconSrc(gift.icon)} alt="" width={44} height={44} />
          <span className="nb-gifts__name">{gift.name}</span>
          <span className="nb-gifts__price">{t('gift.price', { price: gift.price })}</span>
        </button>
      ))}
    </div>
  );
}

/** The gift picker: catalogue, COIN balance, count, total; one send per user action. */
export function GiftSheet({
  visible,
  onClose,
  roomId,
  memberId,
  coin,
}: {
  visible: boolean;
  onClose: () => void;
  roomId: number;
  memberId: number | null;
  coin: ChatCoin;
}) {
  const { t } = useTranslation('chat');
  const gifts = useChatGifts();
  const send = useGiftSend(coin.refresh);
  const [giftId, setGiftId] = useState<number | null>(null);
  const [count, setCount] = useState<number>(COUNTS[0]);
  const list = gifts.data?.list ?? [];
  const chosen = list.find((gift) => gift.giftId === giftId) ?? list[0];
  const price = wholeCoin(chosen?.price);
  const total = price === null ? null : price * BigInt(count);
  const balance = wholeCoin(coin.balance);
  const short = total !== null && balance !== null && total > balance;
  const refusal = send.error instanceof GiftRefused ? send.error.error : null;
  const noCoin = short || refusal?.code === ErrorCode.ChatInsufficientCoin;
  const problem = noCoin
    ? t('gift.short')
    : refusal
      ? refusal.message
      : send.isError
        ? t('gift.unanswered')
        : null;

  const submit = () => {
    if (!chosen || memberId === null || short || send.isPending) return;
    send.mutate(
      { roomId, giftId: chosen.giftId, count, memberId },
      {
        onSuccess: () => {
          Toast.show({ content: t('gift.sent') });
          onClose();
        },
      },
    );
  };

  return (
    <BottomSheet visible={visible} title={t('gift.title')} onClose={onClose}>
      <p className="nb-gifts__balance">
        <span>{t('gift.balance')}</span>
        <strong data-testid="gift-coin-balance">
          {balance === null ? '--' : formatCoin(balance)}
        </strong>
        <Link className="nb-inline-link" to={CURRENCY_PATH}>
          {t('gift.goBuy')}
        </Link>
      </p>
      {list.length > 0 ? (
        <GiftGrid
          gifts={list}
          chosen={chosen}
          onChoose={(id) => {
            setGiftId(id);
            send.reset();
          }}
        />
      ) : (
        <p className="nb-gifts__empty">{gifts.isPending ? t('gift.loading') : t('gift.empty')}</p>
      )}
      <div className="nb-gifts__counts" role="radiogroup" aria-label={t('gift.count')}>
        {COUNTS.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === count}
            className={`nb-gifts__count${option === count ? ' nb-gifts__count--on' : ''}`}
            onClick={() => {
              setCount(option);
              send.reset();
            }}
          >
            {t('gift.countOption', { count: option })}
          </button>
        ))}
      </div>
      {total !== null && (
        <p className="nb-gifts__total" data-testid="gift-total">
          {t('gift.total', { total: formatCoin(total) })}
        </p>
      )}
      {problem && (
        <p className="nb-gifts__problem" role="alert">
          {problem}
          {noCoin && (
            <Link className="nb-inline-link" to={CURRENCY_PATH}>
              {t('gift.goBuy')}
            </Link>
          )}
        </p>
      )}
      <Button
        block
        color="primary"
        shape="rounded"
        loading={send.isPending}
        disabled={!chosen || memberId === null || short}
        onClick={submit}
      >
        {t('gift.send')}
      </Button>
    </BottomSheet>
  );
}
