import type { MallAddress, MallItem } from '@nebula/protocol/api/mall/mall.schemas';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { FormField } from '../../../components/ui/form-field';
import { KeyValues } from '../../../components/ui/money';
import { SheetFooter, SheetForm } from '../../../components/ui/sheet-form';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { useRedeem } from '../api/mall.mutations';
import { addressProblems, type AddressField } from '../model/address';

interface RedeemSheetProps {
  item: MallItem | null;
  points: string;
  onClose: () => void;
}

/** The redeem sheet: what it costs and leaves; a physical item asks for the address first. */
export function RedeemSheet({ item, points, onClose }: RedeemSheetProps) {
  const { t } = useTranslation('mall');
  return (
    <BottomSheet
      visible={item !== null}
      title={item ? t('sheet.title', { title: item.title }) : ''}
      onClose={onClose}
    >
      {item && <RedeemForm item={item} points={points} onClose={onClose} />}
    </BottomSheet>
  );
}

function RedeemForm({
  item,
  points,
  onClose,
}: {
  item: MallItem;
  points: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('mall');
  const id = useId();
  const redeem = useRedeem();
  const physical = item.kind === 'physical';
  const [address, setAddress] = useState<MallAddress>({ name: '', phone: '', address: '' });
  const [problems, setProblems] = useState<Partial<Record<AddressField, true>>>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = () => {
    const trimmed = {
      name: address.name.trim(),
      phone: address.phone.trim(),
      address: address.address.trim(),
    };
    const found = physical ? addressProblems(trimmed) : {};
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setMessage(null);
    redeem.mutate(
      { itemId: item.id, ...(physical ? { address: trimmed } : {}) },
      {
        onSuccess: () => {
          showToast(t('sheet.done'));
          onClose();
        },
        onError: (err) => setMessage(describeError(err).message),
      },
    );
  };

  const field = (key: AddressField, inputMode: 'text' | 'tel', maxLength: number) => (
    <FormField
      label={t(`sheet.${key}`)}
      htmlFor={`${id}-${key}`}
      tone={problems[key] ? 'error' : 'neutral'}
      hint={problems[key] ? t(`sheet.${key}Error`) : undefined}
    >
      <input
        id={`${id}-${key}`}
        className="nb-input"
        value={address[key]}
        onChange={(event) => setAddress({ ...address, [key]: event.target.value })}
        placeholder={t(`sheet.${key}Placeholder`)}
        maxLength={maxLength}
        inputMode={inputMode}
        type={inputMode === 'tel' ? 'tel' : 'text'}
      />
    </FormField>
  );

  const left = BigInt(points) - BigInt(item.price);
  return (
    <SheetForm onSubmit={submit}>
      <KeyValues
        rows={[
          { key: 'cost', label: t('sheet.cost'), value: t('pointsUnit', { points: item.price }) },
          {
            key: 'after',
            label: t('sheet.after'),
            value: t('pointsUnit', { points: (left < 0n ? 0n : left).toString() }),
          },
        ]}
      />
      {physical && (
        <>
          {field('name', 'text', 20)}
          {field('phone', 'tel', 11)}
          {field('address', 'text', 120)}
        </>
      )}
      <SheetFooter message={message} busy={redeem.isPending}>
        {t('sheet.submit')}
      </SheetFooter>
    </SheetForm>
  );
}
