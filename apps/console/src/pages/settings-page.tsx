import { Alert, App, Button, Input, Table } from 'antd';
import { useState } from 'react';
import { settingSchemas } from '@nebula/protocol/api/admin/site-settings.schemas';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { useStepUpRetry } from '../components/step-up-retry';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';

interface Row {
  key: string;
  value: unknown;
}

/**
 * Why a key's value does not pass the protocol's schema of that setting (the server's own
 * check), or null when it does; a key the console does not know is left to the server.
 */
export function settingProblem(key: string, value: unknown): string | null {
  const schema = (
    settingSchemas as Record<string, (typeof settingSchemas)[keyof typeof settingSchemas]>
  )[key];
  if (!schema) return null;
  const r = schema.safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0];
  const where = issue && issue.path.length > 0 ? `（${issue.path.join('.')}）` : '';
  return `${key} 的值不符合要求${where}：${issue?.message ?? ''}`;
}

/**
 * Site settings, one key at a time: the value is edited as JSON, checked against the
 * protocol's schema of that setting before it is sent as a patch of that key; the server
 * validates it again and answers its coded error when it refuses.
 */
export function Page() {
  const settings = useAdminQuery('adminSettings', {});
  const update = useAdminMutation('adminSettingsUpdate');
  const canWrite = useCan('adminSettingsUpdate');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ key: string; text: string } | null>(null);
  const rows: Row[] = Object.entries(settings.data ?? {}).map(([key, value]) => ({ key, value }));
  // Settings need a fresh settings step-up (9600): the dialog asks, then the same patch again.
  const stepUp = useStepUpRetry('adminSettingsUpdate');
  const send = (key: string, value: unknown): void =>
    update.mutate(
      { req: { body: { [key]: value } } },
      {
        onSuccess: () => {
          setEditing(null);
          void message.success('已保存');
        },
        onError: (err) => {
          if (!stepUp.asked(err, () => send(key, value))) void message.error(errorText(err));
        },
      },
    );
  const save = () => {
    if (!editing) return;
    let value: unknown;
    try {
      value = JSON.parse(editing.text);
    } catch {
      void message.error('请输入合法的 JSON 值（字符串需加引号）');
      return;
    }
    const problem = settingProblem(editing.key, value);
    if (problem) {
      void message.error(problem);
      return;
    }
    send(editing.key, value);
  };
  return (
    <>
      <PageHeader title="站点设置" />
      {settings.error && <Alert type="error" title={errorText(settings.error)} />}
      <Table<Row>
        rowKey="key"
        size="small"
        loading={settings.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 50 }}
        columns={[
          { title: '键', dataIndex: 'key', width: 260 },
          {
            title: '值',
            render: (_, r) =>
              editing?.key === r.key ? (
                <Input.TextArea
                  aria-label={`${r.key} 的值`}
                  autoSize
                  value={editing.text}
                  onChange={(e) => setEditing({ key: r.key, text: e.target.value })}
                />
              ) : (
                <code style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(r.value)}</code>
              ),
          },
          {
            title: '操作',
            width: 160,
            render: (_, r) =>
              canWrite &&
              (editing?.key === r.key ? (
                <>
                  <Button size="small" type="primary" onClick={save} loading={update.isPending}>
                    保存
                  </Button>{' '}
                  <Button size="small" onClick={() => setEditing(null)}>
                    取消
                  </Button>
                </>
              ) : (
                <Button
                  size="small"
                  onClick={() => setEditing({ key: r.key, text: JSON.stringify(r.value) })}
                >
                  修改
                </Button>
              )),
          },
        ]}
      />
      {stepUp.dialog}
    </>
  );
}
