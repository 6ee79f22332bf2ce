import { Alert, App, Button, Form, Input, Popconfirm, Space, Table } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { Panel } from '../components/panel';
import { StepUpDialog } from '../components/step-up-dialog';
import { useAdminQuery } from '../components/use-admin-query';
import { useConsole } from '../session/console-context';
import { ceremonyText, passkeyCreation } from '../session/passkey-ceremony';

/** The server asks for a fresh second factor (class `operators`) before a passkey change. */
const STEP_UP_REQUIRED = 9600;

const time = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString('zh-CN'));

/**
 * 安全设置 · 通行密钥 (docs/contract.md §4.1): the operator's own passkeys, a second factor
 * beside the authenticator app or in its place (the last factor is never removed: 9680). Adding or removing one needs an `operators` step-up; the
 * dialog asks for it and the action runs again.
 */
export function Page() {
  const { call } = useConsole();
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useAdminQuery('adminPasskeys', {});
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<(() => Promise<void>) | null>(null);

  /** Runs an action; a 9600 opens the step-up dialog, which runs it again once verified. */
  const guarded = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      setPending(null);
      await client.invalidateQueries();
    } catch (err) {
      if (err instanceof ApiError && err.code === STEP_UP_REQUIRED) setPending(() => action);
      else void message.error(ceremonyText(err) ?? errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const register = (name: string) =>
    guarded(async () => {
      const options = await call('adminPasskeyRegisterOptions', { body: {} });
      const response = await passkeyCreation(options);
      await call('adminPasskeyRegister', { body: { name, response } });
      form.resetFields();
      void message.success('通行密钥已登记');
    });
  const remove = (passkeyId: number) =>
    guarded(async () => {
      await call('adminPasskeyDelete', { params: { passkeyId }, body: {} });
      void message.success('通行密钥已删除');
    });

  return (
    <>
      <PageHeader title="安全设置" />
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Panel title="通行密钥">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert
            type="info"
            title="通行密钥可代替两步验证码用于登录和二次验证；也可作为唯一的第二验证方式。登记和删除需再次验证。"
          />
          <Form
            form={form}
            layout="inline"
            onFinish={(v: { name: string }) => void register(v.name.trim())}
          >
            <Form.Item
              label="名称"
              name="name"
              rules={[
                { required: true, whitespace: true, max: 32, message: '请输入 1–32 字的名称' },
              ]}
            >
              <Input placeholder="如：办公室电脑" maxLength={32} style={{ width: 220 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              登记通行密钥
            </Button>
          </Form>
          <Table
            rowKey="id"
            size="small"
            loading={list.isLoading}
            dataSource={list.data?.list}
            pagination={false}
            locale={{ emptyText: '尚未登记通行密钥' }}
            columns={[
              { title: '名称', dataIndex: 'name' },
              { title: '登记时间', dataIndex: 'createdAt', render: (v: number) => time(v) },
              { title: '最近使用', dataIndex: 'lastUsedAt', render: (v: number | null) => time(v) },
              {
                title: '操作',
                width: 100,
                render: (_, r) => (
                  <Popconfirm
                    title={`删除通行密钥「${r.name}」？`}
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => void remove(r.id)}
                  >
                    <Button danger size="small">
                      删除
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        </Space>
      </Panel>
      <StepUpDialog
        open={pending !== null}
        cls="operators"
        prompt="修改通行密钥需要再次验证："
        busy={busy}
        onCancel={() => setPending(null)}
        onVerified={() => pending && void guarded(pending)}
      />
    </>
  );
}
