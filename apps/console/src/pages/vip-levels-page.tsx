import { Alert, Button, Form, Input, InputNumber, Table } from 'antd';
import { useState } from 'react';
import { VipLevelSetRequest } from '@nebula/protocol/api/rewards/rewards.schemas';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { PageHeader } from '../components/page-header';
import { ExportButton } from '../components/export-button';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { FormModal } from '../components/form-modal';

type Level = ResponseOf<'adminVipLevels'>['list'][number];
type LevelBody = RequestOf<'adminVipLevelSet'>['body'];

/** The money fields of a level (yuan, two places), in the table's order. */
const MONEY_FIELDS: readonly {
  key: Exclude<keyof LevelBody, 'name' | 'packetMultiple'>;
  label: string;
}[] = [
  { key: 'depositThreshold', label: '累计存款门槛' },
  { key: 'turnoverThreshold', label: '累计流水门槛' },
  { key: 'upgradeBonus', label: '晋级礼金' },
  { key: 'monthlyPacket', label: '月礼金' },
  { key: 'monthlyMinDeposit', label: '月礼金最低存款' },
  { key: 'birthdayPacket', label: '生日礼金' },
  { key: 'retentionTurnover', label: '保级流水' },
  { key: 'rebateDailyCap', label: '返水日上限' },
];

function LevelModal({
  level,
  busy,
  onCancel,
  onSubmit,
}: {
  level: Level | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (body: LevelBody) => void;
}) {
  const [form] = Form.useForm<LevelBody>();
  return (
    <FormModal
      form={form}
      open={level !== null}
      title={`编辑 VIP${level?.level ?? ''}`}
      busy={busy}
      onClose={onCancel}
      onSubmit={onSubmit}
      initialValues={level ?? undefined}
    >
      <Form.Item
        label="名称"
        name="name"
        rules={[zodRule(VipLevelSetRequest, 'name', '请填写名称（20 字以内）')]}
      >
        <Input maxLength={20} />
      </Form.Item>
      {MONEY_FIELDS.map((f) => (
        <Form.Item
          key={f.key}
          label={`${f.label}（元）`}
          name={f.key}
          rules={[zodRule(VipLevelSetRequest, f.key, '金额格式：整数或两位小数，如 100.00')]}
        >
          <Input />
        </Form.Item>
      ))}
      <Form.Item
        label="礼金流水倍数"
        name="packetMultiple"
        rules={[zodRule(VipLevelSetRequest, 'packetMultiple', '倍数为 0–100 的整数')]}
      >
        <InputNumber min={0} max={100} precision={0} />
      </Form.Item>
    </FormModal>
  );
}

/** VIP 等级: the level table (thresholds, packets, caps) and editing one level. */
export function Page() {
  const table = useAdminQuery('adminVipLevels', {});
  const save = useAdminMutation('adminVipLevelSet');
  const canEdit = useCan('adminVipLevelSet');
  const feedback = useActionFeedback();
  const [editing, setEditing] = useState<Level | null>(null);
  return (
    <>
      <PageHeader
        title="VIP 等级"
        extra={
          <ExportButton
            route="adminExportVipLevels"
            req={{ query: {} }}
            fileName="vip-levels.csv"
          />
        }
      />
      {table.error && <Alert type="error" title={errorText(table.error)} />}
      <Table<Level>
        rowKey="level"
        loading={table.isLoading}
        dataSource={table.data?.list}
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '等级', dataIndex: 'level', render: (l: number) => `VIP${l}` },
          { title: '名称', dataIndex: 'name' },
          ...MONEY_FIELDS.map((f) => ({
            title: f.label,
            dataIndex: f.key,
            onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
          })),
          { title: '礼金倍数', dataIndex: 'packetMultiple' },
          {
            title: '操作',
            render: (_: unknown, l: Level) =>
              canEdit && (
                <Button size="small" onClick={() => setEditing(l)}>
                  编辑
                </Button>
              ),
          },
        ]}
      />
      <LevelModal
        level={editing}
        busy={save.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(body) => {
          if (!editing) return;
          save.mutate(
            { req: { params: { level: editing.level }, body } },
            {
              onSuccess: () => {
                setEditing(null);
                feedback.done(`VIP${editing.level} 已保存`);
              },
              // A raise filed for a second operator closes the form; a refusal keeps it open.
              onError: (err) => {
                if (feedback.failed(err)) setEditing(null);
              },
            },
          );
        }}
      />
    </>
  );
}
