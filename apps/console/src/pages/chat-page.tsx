import { BlockedWordsRequest } from '@nebula/protocol/api/chat/chat.schemas';
import { Alert, App, Button, Card, Form, Input, Space, Table } from 'antd';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { columnsOf } from '../components/value-cell';
import { ExportButton } from '../components/export-button';

/** Chat rooms, the filter words and muting a member. */
export function Page() {
  const rooms = useAdminQuery('adminChatRooms', {});
  const words = useAdminQuery('adminChatBlockedWords', {});
  const setWords = useAdminMutation('adminChatBlockedWordsSet');
  const mute = useAdminMutation('adminChatMute');
  const canWords = useCan('adminChatBlockedWordsSet');
  const canMute = useCan('adminChatMute');
  const { message } = App.useApp();
  const handlers = {
    onSuccess: () => void message.success('已保存'),
    onError: (err: Error) => void message.error(errorText(err)),
  };
  return (
    <>
      <PageHeader title="聊天室管理" />
      {rooms.error && <Alert type="error" title={errorText(rooms.error)} />}
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card
          title="房间"
          extra={
            <ExportButton
              route="adminExportChatRooms"
              req={{ query: {} }}
              fileName="chat-rooms.csv"
            />
          }
        >
          <Table
            rowKey={(r) => JSON.stringify(r)}
            size="small"
            loading={rooms.isLoading}
            dataSource={rooms.data?.list}
            columns={columnsOf(rooms.data?.list)}
            pagination={false}
          />
        </Card>
        {words.data && (
          <Card
            title="过滤词"
            extra={
              <ExportButton
                route="adminExportChatBlockedWords"
                req={{ query: {} }}
                fileName="chat-blocked-words.csv"
              />
            }
          >
            <Form
              key={words.data.words.join('\n')}
              initialValues={{ words: words.data.words.join('\n') }}
              onFinish={(v: { words: string }) => {
                const body = {
                  words: v.words
                    .split('\n')
                    .map((w) => w.trim())
                    .filter(Boolean),
                };
                const parsed = BlockedWordsRequest.safeParse(body);
                if (!parsed.success) {
                  void message.error('每个过滤词 1–30 字，最多 500 个');
                  return;
                }
                setWords.mutate({ req: { body: parsed.data } }, handlers);
              }}
            >
              <Form.Item name="words" extra="每行一个">
                <Input.TextArea rows={6} disabled={!canWords} aria-label="过滤词" />
              </Form.Item>
              {canWords && (
                <Button type="primary" htmlType="submit" loading={setWords.isPending}>
                  保存过滤词
                </Button>
              )}
            </Form>
          </Card>
        )}
        {canMute && (
          <Card title="禁言会员">
            <Form
              layout="inline"
              onFinish={(v: { memberId: string; minutes?: string; reason: string }) =>
                mute.mutate(
                  {
                    req: {
                      params: { memberId: Number(v.memberId) },
                      body: {
                        muted: true,
                        minutes: v.minutes ? Number(v.minutes) : undefined,
                        reason: v.reason,
                      },
                    },
                  },
                  handlers,
                )
              }
            >
              <Form.Item
                name="memberId"
                label="会员 ID"
                rules={[{ required: true, pattern: /^\d+$/, message: '请输入会员 ID' }]}
              >
                <Input style={{ width: 120 }} />
              </Form.Item>
              <Form.Item
                name="minutes"
                label="分钟（空为永久）"
                rules={[{ pattern: /^\d*$/, message: '请输入分钟数' }]}
              >
                <Input style={{ width: 100 }} />
              </Form.Item>
              <Form.Item
                name="reason"
                label="原因"
                rules={[{ required: true, max: 200, message: '请填写原因' }]}
              >
                <Input style={{ width: 220 }} />
              </Form.Item>
              <Button htmlType="submit" danger loading={mute.isPending}>
                禁言
              </Button>
            </Form>
          </Card>
        )}
      </Space>
    </>
  );
}
