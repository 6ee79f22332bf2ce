import { MessageId } from '@nebula/protocol/ws/message-ids';
import type { ChatMessage } from '@nebula/protocol/ws/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { useSessionStore } from '../../../session/session.store';
import { envelope, stubFetch } from '../../../test/api-stubs';
import { FakeSocket } from '../../../test/fake-websocket';
import { ChatPage, parseRoomId, type ChatViewer } from './chat.page';

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">点我</a>',
  '<svg onload=alert(1)>',
  'abc\u202Edcba',
  'zero\u200Bwidth',
];

let sockets: FakeSocket[] = [];

function socket(): FakeSocket {
  const last = sockets[sockets.length - 1];
  if (!last) throw new Error('no socket');
  return last;
}

function message(id: number, content: string, nickname = `会员${id}`): ChatMessage {
  return {
    roomId: 1,
    id,
    content,
    sender: {
      memberId: 100 + id,
      nickname,
      vipLevel: 2,
      avatar: 'javascript:alert(1)',
      staff: id === 1,
    },
    time: Date.UTC(2026, 0, 1, 6, id),
  };
}

function renderChat(path = '/chat', viewer: ChatViewer | null = null) {
  const router = createMemoryRouter(
    [
      {
        path: '/chat/:roomId?',
        element: <ChatPage viewer={viewer} coin={{ balance: '100', refresh: () => undefined }} />,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function openAndJoin(history: ChatMessage[]) {
  await act(async () => {
    socket().open();
    await Promise.resolve();
  });
  await vi.waitFor(() => expect(socket().sentOf(MessageId.JoinRoom)).toEqual([{ roomId: 1 }]));
  act(() =>
    socket().receive(MessageId.JoinRoom, {
      roomId: 1,
      name: '大厅',
      status: 1,
      vipMin: 0,
      vipMax: 99,
      history,
    }),
  );
}

beforeEach(() => {
  sockets = [];
  vi.stubGlobal(
    'WebSocket',
    class extends FakeSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    },
  );
  stubFetch((url) =>
    url.includes('/member/jwt')
      ? envelope(6000, { token: 'chat-jwt', expiresAt: 1 })
      : url.includes('/gifts')
        ? envelope(6000, { list: [] })
        : envelope(6000, {}),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null });
});

describe('parseRoomId', () => {
  it.each([
    [undefined, 1],
    ['7', 7],
    ['0', null],
    ['-1', null],
    ['1e3', null],
    ['99999999999999999', null],
  ])('%s → %s', (param, id) => {
    expect(parseRoomId(param)).toBe(id);
  });
});

describe('ChatPage', () => {
  it('a visitor reads the room: member text and nicknames are shown as text, never as markup', async () => {
    renderChat();
    expect(screen.getByTestId('chat-connection').textContent).toBe('连接中…');
    expect(socket().url).toMatch(/\/stream\/ws\/v1\/handshake\?clientType=web$/);
    await openAndJoin(XSS.map((text, i) => message(i + 1, text, text.slice(0, 16))));

    const list = screen.getByRole('log', { name: '聊天消息' });
    const contents = within(list).getAllByTestId('chat-content');
    expect(contents.map((node) => node.textContent)).toEqual(XSS);
    const names = within(list).getAllByTestId('chat-nickname');
    expect(names.map((node) => node.textContent)).toEqual(XSS.map((text) => text.slice(0, 16)));
    expect(list.querySelector('script, svg, a, iframe, img[src="x"]')).toBeNull();
    // A foreign avatar value falls back to the bundled default picture.
    for (const img of list.querySelectorAll('img')) {
      expect(img.getAttribute('src')).toMatch(/^\/static\/avatars\//);
    }
    expect(within(list).getAllByText('官方')).toHaveLength(1);
    expect(screen.getByTestId('chat-login').textContent).toContain('登录后即可参与聊天');
    expect(screen.queryByRole('textbox', { name: '聊天内容' })).toBeNull();
    expect(socket().sentOf(MessageId.Login)).toEqual([]);
  });

  it('a member logs in, counts the contract §8.4 length, sends, and gets a refused text back', async () => {
    useSessionStore.setState({ token: 'session' });
    renderChat();
    await act(async () => {
      socket().open();
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(socket().sentOf(MessageId.Login)).toHaveLength(1));
    expect(socket().sentOf(MessageId.Login)[0]).toMatchObject({
      token: 'chat-jwt',
      body: { clientType: 'web' },
    });
    act(() =>
      socket().receive(MessageId.Login, { speechStatus: 0, vipMin: 0, vipMax: 99, serverTime: 1 }),
    );
    await openAndJoin([]);
    expect(screen.getByText('还没有人发言')).toBeTruthy();

    const input = screen.getByRole('textbox', { name: '聊天内容' });
    const send = screen.getByRole('button', { name: /发\s*送/ });
    fireEvent.change(input, { target: { value: '中'.repeat(101) } });
    expect(screen.getByTestId('chat-counter').textContent).toBe('202/200');
    expect(screen.getByRole('alert').textContent).toContain('最多 200 个字符');
    expect(send).toHaveProperty('disabled', true);

    fireEvent.change(input, { target: { value: ' 你好 ' } });
    expect(screen.getByTestId('chat-counter').textContent).toBe('4/200');
    fireEvent.click(send);
    expect(socket().sentOf(MessageId.BroadcastRoom)).toEqual([
      expect.objectContaining({ roomId: 1, content: '你好' }),
    ]);
    expect(input).toHaveProperty('value', '');

    act(() =>
      socket().receive(MessageId.BroadcastRoom, { error: { code: 9102, message: '您已被禁言' } }),
    );
    expect(input).toHaveProperty('value', '你好');
    expect(await screen.findByText('您已被禁言')).toBeTruthy();
  });

  it('shows the reconnect state while the connection is down', async () => {
    useSessionStore.setState({ token: 'session' });
    renderChat();
    await act(async () => {
      socket().open();
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(socket().sentOf(MessageId.Login)).toHaveLength(1));
    act(() => socket().drop());
    expect(screen.getByTestId('chat-connection').textContent).toBe('重连中 (1/5)');
  });

  it('the shield list lifts a shield; staff are not held to the room VIP range', async () => {
    stubFetch((url) =>
      url.includes('/member/jwt')
        ? envelope(6000, { token: 'chat-jwt', expiresAt: 1 })
        : url.includes('/stream/api/v1/me')
          ? envelope(6000, {
              staff: true,
              shields: [{ memberId: 7, nickname: '<b>烦人</b>', avatar: '' }],
            })
          : envelope(6000, { list: [] }),
    );
    useSessionStore.setState({ token: 'session' });
    renderChat('/chat', { memberId: 42, vipLevel: 0 });
    await act(async () => {
      socket().open();
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(socket().sentOf(MessageId.Login)).toHaveLength(1));
    act(() =>
      socket().receive(MessageId.Login, { speechStatus: 0, vipMin: 5, vipMax: 9, serverTime: 1 }),
    );
    await vi.waitFor(() => expect(socket().sentOf(MessageId.JoinRoom)).toHaveLength(1));
    act(() =>
      socket().receive(MessageId.JoinRoom, {
        roomId: 1,
        name: '贵宾房',
        status: 1,
        vipMin: 5,
        vipMax: 9,
        history: [],
      }),
    );
    // A staff member (chatMe) speaks whatever the range: no VIP notice, the input is enabled.
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: '聊天内容' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByTestId('chat-notice-vip')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '屏蔽列表' }));
    const sheet = await screen.findByTestId('chat-shields');
    expect(within(sheet).getByText('<b>烦人</b>')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: /取消屏蔽/ }));
    expect(socket().sentOf(MessageId.MsgShield)).toEqual([{ memberId: 7, shield: false }]);
    act(() => socket().receive(MessageId.MsgShield, { memberId: 7, shield: false }));
    await vi.waitFor(() => expect(screen.getByText('您没有屏蔽任何人')).toBeTruthy());
  });

  it('an invalid room id shows the not-found state', () => {
    renderChat('/chat/abc');
    expect(screen.getByRole('alert').textContent).toContain('聊天室不存在');
  });
});
