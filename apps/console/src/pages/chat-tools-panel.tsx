import { Button, Card, Form, Input, Popconfirm, Space, Switch } from 'antd';
import {
  BlockedWordsRequest,
  ChatMaintainRequest,
  MessageIdParams,
} from '@nebula/protocol/api/chat/chat.schemas';
import { MemberIdParams } from '@nebula/protocol/api/core/common';
import { useActionFeedback } from '../components/action-feedback';
import { ExportButton } from '../components/export-button';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';

/** The filter words, one a line, saved as the whole list. */
function BlockedWordsCard() {
  const words = useAdminQuery('adminChatBlockedWords', {});
  const setWords = useAdminMutation('adminChatBlockedWordsSet');
  const can = useCan('adminChatBlockedWordsSet');
  const feedback = useActionFeedback();
  if (!words.data) return null;
  return (
    <Card
      title="过滤词"
      size="small"
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
          if (!parsed.success) return feedback.failed(new Error('每个过滤词 1–30 字，最多 500 个'));
          setWords.mutate(
            { req: { body: parsed.data } },
            { onSuccess: () => feedback.done(), onError: feedback.failed },
          );
        }}
      >
        <Form.Item name="words" extra="每行一个">
          <Input.TextArea rows={6} disabled={!can} aria-label="过滤词" />
        </Form.Item>
        {can && (
          <Button type="primary" htmlType="submit" loading={setWords.isPending}>
            保存过滤词
          </Button>
        )}
      </Form>
    </Card>
  );
}

/**
 * An operator's tools on the live chat: every room into maintenance (members see the
 * message), the official badge for a member, and deleting one message by its id (from a
 * member's report or the room's history).
 */
export function ChatToolsPanel() {
  const maintain = useAdminMutation('adminChatMaintain');
  const staff = useAdminMutation('adminChatStaff');
  const remove = useAdminMutation('adminChatDelete');
  const can = {
    maintain: useCan('adminChatMaintain'),
    staff: useCan('adminChatStaff'),
    remove: useCan('adminChatDelete'),
  };
  const feedback = useActionFeedback();
  const [deleteForm] = Form.useForm<{ messageId: string }>();
  const on = (text: string) => ({ onSuccess: () => feedback.done(text), onError: feedback.failed });
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <BlockedWordsCard />
      {can.maintain && (
        <Card title="全部聊天室维护" size="small">
          <Form
            layout="inline"
            initialValues={{ maintain: true, message: '' }}
            onFinish={(v: { maintain: boolean; message: string }) =>
              maintain.mutate(
                { req: { body: v } },
                on(v.maintain ? '聊天室已进入维护' : '聊天室已恢复'),
              )
            }
          >
            <Form.Item label="维护中" name="maintain" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              label="提示语"
              name="message"
              rules={[zodRule(ChatMaintainRequest, 'message', '提示语 200 字以内')]}
            >
              <Input style={{ width: 280 }} />
            </Form.Item>
            <Button htmlType="submit" loading={maintain.isPending}>
              保存维护状态
            </Button>
          </Form>
        </Card>
      )}
      {can.staff && (
        <Card title="官方身份" size="small">
          <Form
            layout="inline"
            initialValues={{ staff: true }}
            onFinish={(v: { memberId: string; staff: boolean }) =>
              staff.mutate(
                { req: { params: { memberId: Number(v.memberId) }, body: { staff: v.staff } } },
                on(v.staff ? '已设为官方' : '已取消官方身份'),
              )
            }
          >
            <Form.Item
              label="会员 ID"
              name="memberId"
              rules={[zodRule(MemberIdParams, 'memberId', '请输入会员 ID')]}
            >
              <Input style={{ width: 120 }} />
            </Form.Item>
            <Form.Item label="官方" name="staff" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Button htmlType="submit" loading={staff.isPending}>
              保存身份
            </Button>
          </Form>
        </Card>
      )}
      {can.remove && (
        <Card title="删除消息" size="small">
          <Form form={deleteForm} layout="inline">
            <Form.Item
              label="消息 ID"
              name="messageId"
              rules={[zodRule(MessageIdParams, 'messageId', '请输入消息 ID')]}
            >
              <Input style={{ width: 160 }} />
            </Form.Item>
            <Popconfirm
              title="删除后所有会员都看不到这条消息，确定？"
              okText="删除"
              cancelText="取消"
              onConfirm={() =>
                void deleteForm
                  .validateFields()
                  .then((v) =>
                    remove.mutate(
                      { req: { params: { messageId: Number(v.messageId) }, body: {} } },
                      on('已删除'),
                    ),
                  )
                  .catch(() => undefined)
              }
            >
              <Button danger loading={remove.isPending}>
                删除消息
              </Button>
            </Popconfirm>
          </Form>
        </Card>
      )}
    </Space>
  );
}
