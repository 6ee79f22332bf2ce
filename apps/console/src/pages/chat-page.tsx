import { Tabs } from 'antd';
import { PageHeader } from '../components/page-header';
import { useCan } from '../components/use-admin-query';
import { ChatGiftCatalogPanel, ChatGiftRecordsPanel } from './chat-gifts-panel';
import { ChatMutesPanel } from './chat-mutes-panel';
import { ChatRoomsPanel } from './chat-rooms-panel';
import { ChatShieldsPanel } from './chat-shields-panel';
import { ChatToolsPanel } from './chat-tools-panel';

/**
 * 聊天室管理: rooms, mutes, members' shields, gifts (records and the catalogue) and the
 * filter words with the live tools (maintenance, official badge, deleting a message). A tab
 * shows only when the operator may read its list.
 */
export function Page() {
  const can = {
    mutes: useCan('adminChatMutes'),
    shields: useCan('adminChatShields'),
    records: useCan('adminChatGiftRecords'),
    gifts: useCan('adminChatGifts'),
  };
  const tabs = [
    { key: 'rooms', label: '房间', children: <ChatRoomsPanel />, show: true },
    { key: 'mutes', label: '禁言', children: <ChatMutesPanel />, show: can.mutes },
    { key: 'shields', label: '屏蔽', children: <ChatShieldsPanel />, show: can.shields },
    {
      key: 'gifts',
      label: '礼物',
      children: (
        <>
          {can.records && <ChatGiftRecordsPanel />}
          {can.gifts && <ChatGiftCatalogPanel />}
        </>
      ),
      show: can.records || can.gifts,
    },
    { key: 'tools', label: '过滤词与维护', children: <ChatToolsPanel />, show: true },
  ];
  return (
    <>
      <PageHeader title="聊天室管理" />
      <Tabs destroyOnHidden items={tabs.filter((t) => t.show).map(({ show: _s, ...t }) => t)} />
    </>
  );
}
