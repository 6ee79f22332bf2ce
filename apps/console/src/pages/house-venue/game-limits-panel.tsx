import { Button, Form, Input, InputNumber } from 'antd';
import { SetGameLimitsRequest } from '@nebula/protocol/venue/games/games-operator';
import type { RequestOf } from '../../api/admin-routes';
import { errorText } from '../../api/api-error';
import { Panel } from '../../components/panel';
import { useAdminQuery } from '../../components/use-admin-query';
import { zodRule } from '../../components/zod-rule';
import { AnswerDescriptions, FIELD_LABELS } from './venue-labels';
import { useVenueWrite } from './venue-write';

type LimitsBody = RequestOf<'houseVenueGameLimitsUpdate'>['body'];
const MONEY_KEYS = ['unitPrice', 'maxStakePerBet', 'maxStakePerRound', 'liabilityCap'] as const;
const COUNT_KEYS = [
  { key: 'maxMultiple', max: 100_000 },
  { key: 'maxPicksPerSlip', max: 200 },
] as const;

/** 游戏限额: a game's slip limits and liability cap, and the form that changes them. */
export function GameLimitsPanel({ gameCode }: { gameCode: string }) {
  const limits = useAdminQuery('houseVenueGameLimits', { body: { gameCode } });
  const update = useVenueWrite('houseVenueGameLimitsUpdate', '游戏限额已保存');
  const [form] = Form.useForm<Omit<LimitsBody, 'gameCode'>>();
  const submit = (v: Omit<LimitsBody, 'gameCode'>) => {
    // Only the fields filled in: the venue keeps the rest.
    const filled = Object.fromEntries(
      Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== ''),
    ) as Omit<LimitsBody, 'gameCode'>;
    update.send({ ...filled, gameCode }, () => form.resetFields());
  };
  return (
    <Panel title={`游戏限额（${gameCode}）`}>
      {limits.error && <p>{errorText(limits.error)}</p>}
      {limits.data && <AnswerDescriptions answer={limits.data} />}
      <Form
        name="hv-game-limits"
        form={form}
        layout="vertical"
        style={{ maxWidth: 420, marginTop: 16 }}
        onFinish={submit}
      >
        {MONEY_KEYS.map((k) => (
          <Form.Item
            key={k}
            name={k}
            label={`新${FIELD_LABELS[k]}`}
            rules={[zodRule(SetGameLimitsRequest, k, '金额格式：整数或两位小数，如 100.00')]}
          >
            <Input placeholder="留空则不修改" />
          </Form.Item>
        ))}
        {COUNT_KEYS.map(({ key, max }) => (
          <Form.Item
            key={key}
            name={key}
            label={`新${FIELD_LABELS[key]}`}
            rules={[zodRule(SetGameLimitsRequest, key, `请输入 1–${max} 的整数`)]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} placeholder="留空则不修改" />
          </Form.Item>
        ))}
        <Form.Item
          name="reason"
          label="修改原因"
          rules={[zodRule(SetGameLimitsRequest, 'reason', '请填写原因（2–200 字）')]}
        >
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.busy}>
          保存限额
        </Button>
      </Form>
      {update.extras}
    </Panel>
  );
}
