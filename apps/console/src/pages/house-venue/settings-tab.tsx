import { Button, Form, Input, InputNumber, Space } from 'antd';
import { UpdateSettingsRequest } from '@nebula/protocol/venue/operator';
import type { RequestOf } from '../../api/admin-routes';
import { Panel } from '../../components/panel';
import { useAdminQuery, useCan } from '../../components/use-admin-query';
import { zodRule } from '../../components/zod-rule';
import { AnswerDescriptions, FIELD_LABELS } from './venue-labels';
import { useVenueWrite } from './venue-write';

type SettingsBody = RequestOf<'houseVenueUpdateSettings'>['body'];
const MONEY_KEYS = [
  'minStake',
  'maxStake',
  'maxPayout',
  'maxPlayerMarketPayout',
  'selectionLiability',
] as const;

/**
 * 盘口设置: the book's margin and stake limits as the venue holds them, and the form that
 * changes them. Money crosses as decimal strings (two places); a field left empty is kept.
 */
export function SettingsTab() {
  const settings = useAdminQuery('houseVenueSettings', { body: {} });
  const canEdit = useCan('houseVenueUpdateSettings');
  const update = useVenueWrite('houseVenueUpdateSettings', '盘口设置已保存');
  const [form] = Form.useForm<SettingsBody>();
  const submit = (v: SettingsBody) => {
    // Only what the operator filled in: the venue keeps every field not sent.
    const body = Object.fromEntries(
      Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== ''),
    ) as SettingsBody;
    update.send(body);
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Panel title="当前盘口设置">
        {settings.data ? <AnswerDescriptions answer={settings.data} /> : '加载中…'}
      </Panel>
      {canEdit && (
        <Panel title="修改盘口设置">
          <Form<SettingsBody>
            name="hv-settings"
            form={form}
            layout="vertical"
            onFinish={submit}
            style={{ maxWidth: 420 }}
          >
            <Form.Item
              name="marginBp"
              label={FIELD_LABELS.marginBp}
              rules={[zodRule(UpdateSettingsRequest, 'marginBp', '抽水为 0–3000 的整数基点')]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
            {MONEY_KEYS.map((k) => (
              <Form.Item
                key={k}
                name={k}
                label={FIELD_LABELS[k]}
                rules={[zodRule(UpdateSettingsRequest, k, '金额格式：整数或两位小数，如 100.00')]}
              >
                <Input placeholder="留空则不修改" />
              </Form.Item>
            ))}
            <Button type="primary" htmlType="submit" loading={update.busy}>
              保存设置
            </Button>
          </Form>
          {update.extras}
        </Panel>
      )}
    </Space>
  );
}
