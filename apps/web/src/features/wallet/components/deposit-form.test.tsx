import type { DepositChannel } from '@nebula/protocol/api/wallet/wallet.schemas';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DepositForm } from './deposit-form';

const bank: DepositChannel = {
  id: 'bank-icbc',
  type: 'bank',
  name: '银行卡转账',
  online: false,
  currency: 'CNY',
  min: '100',
  max: '50000',
  quickAmounts: ['100', '500', '1000'],
  needsDepositorName: true,
  receiving: { bankName: '中国工商银行', accountNo: '6222 0202', accountName: '星云科技' },
  rate: null,
  tutorial: 'bank',
};

const usdt: DepositChannel = {
  ...bank,
  id: 'usdt-trc20',
  type: 'usdt',
  name: 'USDT (TRC20)',
  currency: 'USDT',
  min: '10',
  max: '20000',
  quickAmounts: ['20', '50'],
  needsDepositorName: false,
  receiving: { network: 'TRC20', address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' },
  rate: '7.23',
};

const amountBox = () =>
  screen.getByRole<HTMLInputElement>('textbox', { name: /存款金额|存款数量/ });
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: '立即存款' });
const type = (value: string) => fireEvent.change(amountBox(), { target: { value } });

describe('deposit amount wiring', () => {
  it('runs every keystroke through the contract §8.4 sanitizer', () => {
    render(<DepositForm channel={bank} onSubmit={vi.fn()} />);
    type('ab1,2.3.45');
    expect(amountBox().value).toBe('12.34');
    type('00');
    expect(amountBox().value).toBe('0');
    type('.');
    expect(amountBox().value).toBe('');
    type('１００．５'); // full-width digits from a Chinese IME
    expect(amountBox().value).toBe('100.5');
  });

  it('shows the range, says at once when the amount is outside it, and keeps submit disabled', () => {
    render(<DepositForm channel={bank} onSubmit={vi.fn()} />);
    expect(screen.getByText('单笔 ¥100.00 – ¥50,000.00')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    type('99.99');
    expect(screen.getByRole('alert').textContent).toBe('金额不能低于 ¥100.00');
    expect(submit().disabled).toBe(true);
    type('50000.01');
    expect(screen.getByRole('alert').textContent).toBe('金额不能高于 ¥50,000.00');
    expect(submit().disabled).toBe(true);
  });

  it('enables submit only once amount and depositor name are valid, and sends the wire form', () => {
    const onSubmit = vi.fn();
    render(<DepositForm channel={bank} onSubmit={onSubmit} />);
    type('100.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submit().disabled).toBe(true); // the bank transfer still needs the depositor
    fireEvent.change(screen.getByLabelText('存款人姓名'), { target: { value: ' 张三 ' } });
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({ amount: '100', depositorName: '张三' });
  });

  it('fills the amount from a quick-amount chip', () => {
    render(<DepositForm channel={bank} onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '1,000' }));
    expect(amountBox().value).toBe('1000');
    expect(screen.getByRole('button', { name: '1,000' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('previews the CNY credit of a USDT amount exactly, rounded down to the fen', () => {
    render(<DepositForm channel={usdt} onSubmit={vi.fn()} />);
    type('10.01');
    // 10.01 × 7.23 = 72.3723 → ¥72.37 (bigint, not 72.37230000000001).
    expect(screen.getByTestId('usdt-credit').textContent).toContain('预计到账 ¥72.37');
    expect(submit().disabled).toBe(false);
  });
});
