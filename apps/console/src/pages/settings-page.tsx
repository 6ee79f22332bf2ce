import { Alert, App, Button, Input, Table } from 'antd';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';

interface Row {
  key: string;
  value: unknown;
}

/**
 * Site settings, one key at a time: the value is edited as JSON and sent as a patch of that
 * key; the server validates it and answers its coded error when it refuses.
 */
export function Page() {
  const settings = useAdminQuery('adminSettings', {});
  const update = useAdminMutation('adminSettingsUpdate');
  const canWrite = useCan('adminSettingsUpdate');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ key: string; text: string } | null>(null);
  const rows: Row[] = Object.entries(settings.data ?? {}).map(([key, value]) => ({ key, value }));
  const save = () => {
    if (!editing) return;
    let value: unknown;
    try {
      value = JSON.parse(editing.text);
    } catch {
      void message.error('请输入合法的 JSON 值（字符串需加引号）');
      return;
    }
    update.mutate(
      { req: { body: { [editing.key]: value } } },
      {
        onSuccess: () => {
          setEditing(null);
          void message.success('已保存');
        },
        onError: (err) => void message.error(errorText(err)),
      },
    );
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
    </>
  );
}
