import { Alert, Button, Card, Form, Input, Select, Table } from 'antd';
import { RebateRateSetRequest } from '@nebula/protocol/api/rewards/rewards.schemas';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { PageHeader } from '../components/page-header';
import { ExportButton } from '../components/export-button';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';

type Rates = ResponseOf<'adminRebateRates'>;
type RateBody = RequestOf<'adminRebateRateSet'>['body'];
type Row = { level: number } & Record<string, string | number>;

/** The rates as one row per VIP level and one column per game family. */
function rowsOf(rates: Rates | undefined): Row[] {
  const byLevel = new Map<number, Row>();
  for (const r of rates?.list ?? []) {
    const row = byLevel.get(r.level) ?? { level: r.level };
    row[r.family] = r.ratePercent;
    byLevel.set(r.level, row);
  }
  return [...byLevel.values()].sort((a, b) => a.level - b.level);
}

/** 返水比例: the rebate rate per VIP level and game family (percent of valid turnover). */
export function Page() {
  const rates = useAdminQuery('adminRebateRates', {});
  const save = useAdminMutation('adminRebateRateSet');
  const canEdit = useCan('adminRebateRateSet');
  const feedback = useActionFeedback();
  const [form] = Form.useForm<RateBody>();
  const families = rates.data?.families ?? [];
  const pick = (level: number, family: string, ratePercent: string) =>
    form.setFieldsValue({ level, family: family as RateBody['family'], ratePercent });
  return (
    <>
      <PageHeader
        title="返水比例"
        extra={
          <ExportButton
            route="adminExportRebateRates"
            req={{ query: {} }}
            fileName="rebate-rates.csv"
          />
        }
      />
      {rates.error && <Alert type="error" title={errorText(rates.error)} />}
      {canEdit && (
        <Card title="修改比例" style={{ marginBottom: 16 }}>
          <Form
            form={form}
            layout="inline"
            onFinish={(body) =>
              save.mutate(
                { req: { body } },
                { onSuccess: () => feedback.done(), onError: feedback.failed },
              )
            }
          >
            <Form.Item
              label="等级"
              name="level"
              rules={[zodRule(RebateRateSetRequest, 'level', '请选择等级')]}
            >
              <Select
                style={{ width: 110 }}
                options={Array.from({ length: 11 }, (_, l) => ({ value: l, label: `VIP${l}` }))}
              />
            </Form.Item>
            <Form.Item
              label="游戏类型"
              name="family"
              rules={[zodRule(RebateRateSetRequest, 'family', '请选择游戏类型')]}
            >
              <Select
                style={{ width: 140 }}
                options={families.map((f) => ({ value: f.family, label: f.name }))}
              />
            </Form.Item>
            <Form.Item
              label="比例（%）"
              name="ratePercent"
              rules={[zodRule(RebateRateSetRequest, 'ratePercent', '比例如 0.38（至多四位小数）')]}
            >
              <Input style={{ width: 120 }} placeholder="0.38" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </Form>
        </Card>
      )}
      <Table<Row>
        rowKey="level"
        loading={rates.isLoading}
        dataSource={rowsOf(rates.data)}
        pagination={false}
        columns={[
          { title: '等级', dataIndex: 'level', render: (l: number) => `VIP${l}` },
          ...families.map((f) => ({
            // No rate may exceed the family's lowest house edge (docs/contract.md, 返水).
            title: `${f.name}（上限 ${f.minEdgePercent}%）`,
            dataIndex: f.family,
            render: (v: string | undefined, row: Row) => {
              const text = v === undefined ? '—' : `${v}%`;
              return canEdit ? (
                <Button type="link" size="small" onClick={() => pick(row.level, f.family, v ?? '')}>
                  {text}
                </Button>
              ) : (
                text
              );
            },
          })),
        ]}
      />
    </>
  );
}
