import { Tabs } from 'antd';
import {
  AdminNoticeSaveRequest,
  AdminPopActivitySaveRequest,
  AdminStationAdSaveRequest,
  AdminSuspensionIconSaveRequest,
} from '@nebula/protocol/api/content/content.schemas';
import type { RequestOf } from '../api/admin-routes';
import { useActionFeedback } from '../components/action-feedback';
import { categoryLabel, type ContentField } from '../components/content-item-form';
import { ExportButton } from '../components/export-button';
import { toShanghaiInput } from '../components/shanghai-time';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { HomeContentView, useContentList } from './home-content-view';

type Body<K extends Parameters<typeof useAdminMutation>[0]> =
  RequestOf<K> extends {
    body: infer B;
  }
    ? B
    : never;

// Shown in Shanghai time, as the site keeps it.
const when = (v: string | null) => (v ? toShanghaiInput(Date.parse(v)).replace('T', ' ') : '不限');
const common: ContentField[] = [
  { name: 'sort', label: '排序', kind: 'number' },
  { name: 'enabled', label: '启用', kind: 'switch' },
];
const windowFields: ContentField[] = [
  {
    name: 'startsAt',
    label: '开始时间',
    kind: 'instant',
    message: '时间格式如 2026-05-01T00:00:00+08:00',
  },
  {
    name: 'endsAt',
    label: '结束时间',
    kind: 'instant',
    message: '时间格式如 2026-05-01T00:00:00+08:00',
  },
];
const title: ContentField = {
  name: 'title',
  label: '标题',
  kind: 'text',
  message: '请填写标题（100 字以内）',
};
const link: ContentField = { name: 'link', label: '链接（可空）', kind: 'optional-url' };
const base = { sort: 0, enabled: true };

/** Saves and enable/disable of one kind, with the console's success and coded-error messages. */
function useKind<
  S extends
    'adminNoticeSave' | 'adminStationAdSave' | 'adminSuspensionIconSave' | 'adminPopActivitySave',
  E extends
    | 'adminNoticeEnable'
    | 'adminStationAdEnable'
    | 'adminSuspensionIconEnable'
    | 'adminPopActivityEnable',
>(saveRoute: S, enableRoute: E) {
  const save = useAdminMutation(saveRoute);
  const enable = useAdminMutation(enableRoute);
  const feedback = useActionFeedback();
  const on = (done?: () => void) => ({
    onSuccess: () => {
      done?.();
      feedback.done();
    },
    onError: feedback.failed,
  });
  return {
    canEdit: useCan(saveRoute),
    busy: save.isPending || enable.isPending,
    save: (body: Record<string, unknown>, done: () => void) =>
      save.mutate({ req: { body: body as Body<S> } as RequestOf<S> }, on(done)),
    enable: (row: { id: number }, enabled: boolean) =>
      enable.mutate({ req: { body: { id: row.id, enabled } } as RequestOf<E> }, on()),
  };
}

function NoticesTab() {
  const l = useContentList();
  const q = useAdminQuery('adminNotices', { query: l.query });
  const k = useKind('adminNoticeSave', 'adminNoticeEnable');
  return (
    <HomeContentView
      noun="公告"
      rows={q.data?.list}
      list={l}
      total={q.data?.total}
      loading={q.isLoading}
      error={q.error}
      columns={[
        { title: '分类', dataIndex: 'category', render: categoryLabel },
        { title: '标题', dataIndex: 'title' },
        { title: '排序', dataIndex: 'sort' },
        { title: '发布时间', dataIndex: 'publishedAt', render: when },
      ]}
      fields={[
        { name: 'category', label: '分类', kind: 'category' },
        title,
        { name: 'content', label: '内容', kind: 'area', message: '请填写内容（4000 字以内）' },
        ...common,
      ]}
      schema={AdminNoticeSaveRequest}
      defaults={{ ...base, category: 2 }}
      exportButton={
        <ExportButton route="adminExportNotices" req={{ query: l.filter }} fileName="notices.csv" />
      }
      {...k}
    />
  );
}

function StationAdsTab() {
  const l = useContentList();
  const q = useAdminQuery('adminStationAds', { query: l.query });
  const k = useKind('adminStationAdSave', 'adminStationAdEnable');
  return (
    <HomeContentView
      noun="轮播图"
      rows={q.data?.list}
      list={l}
      total={q.data?.total}
      loading={q.isLoading}
      error={q.error}
      columns={[
        { title: '标题', dataIndex: 'title' },
        { title: '图片', dataIndex: 'imageUrl' },
        { title: '链接', dataIndex: 'link' },
        { title: '排序', dataIndex: 'sort' },
        { title: '开始', dataIndex: 'startsAt', render: when },
        { title: '结束', dataIndex: 'endsAt', render: when },
      ]}
      fields={[
        title,
        { name: 'imageUrl', label: '图片地址', kind: 'url' },
        link,
        ...windowFields,
        ...common,
      ]}
      schema={AdminStationAdSaveRequest}
      defaults={base}
      exportButton={
        <ExportButton
          route="adminExportStationAds"
          req={{ query: l.filter }}
          fileName="station-ads.csv"
        />
      }
      {...k}
    />
  );
}

function SuspensionIconsTab() {
  const l = useContentList();
  const q = useAdminQuery('adminSuspensionIcons', { query: l.query });
  const k = useKind('adminSuspensionIconSave', 'adminSuspensionIconEnable');
  return (
    <HomeContentView
      noun="悬浮图标"
      rows={q.data?.list}
      list={l}
      total={q.data?.total}
      loading={q.isLoading}
      error={q.error}
      columns={[
        { title: '标题', dataIndex: 'title' },
        { title: '图标', dataIndex: 'iconUrl' },
        { title: '链接', dataIndex: 'link' },
        { title: '显示设备', dataIndex: 'displayEquipment' },
        { title: '排序', dataIndex: 'sort' },
      ]}
      fields={[
        title,
        { name: 'iconUrl', label: '图标地址', kind: 'url' },
        link,
        {
          name: 'displayEquipment',
          label: '显示设备（1–9）',
          kind: 'number',
          message: '显示设备为 1–9',
        },
        ...common,
      ]}
      schema={AdminSuspensionIconSaveRequest}
      defaults={{ ...base, displayEquipment: 1 }}
      exportButton={
        <ExportButton
          route="adminExportSuspensionIcons"
          req={{ query: l.filter }}
          fileName="suspension-icons.csv"
        />
      }
      {...k}
    />
  );
}

function PopActivitiesTab() {
  const l = useContentList();
  const q = useAdminQuery('adminPopActivities', { query: l.query });
  const k = useKind('adminPopActivitySave', 'adminPopActivityEnable');
  return (
    <HomeContentView
      noun="首页弹窗"
      rows={q.data?.list}
      list={l}
      total={q.data?.total}
      loading={q.isLoading}
      error={q.error}
      columns={[
        { title: '标题', dataIndex: 'title' },
        { title: '图片', dataIndex: 'imageUrl' },
        { title: '排序', dataIndex: 'sort' },
        { title: '开始', dataIndex: 'startsAt', render: when },
        { title: '结束', dataIndex: 'endsAt', render: when },
      ]}
      fields={[
        title,
        { name: 'content', label: '内容', kind: 'area', message: '请填写内容（4000 字以内）' },
        { name: 'imageUrl', label: '图片地址（可空）', kind: 'optional-url' },
        link,
        ...windowFields,
        ...common,
      ]}
      schema={AdminPopActivitySaveRequest}
      defaults={base}
      exportButton={
        <ExportButton
          route="adminExportPopActivities"
          req={{ query: l.filter }}
          fileName="pop-activities.csv"
        />
      }
      {...k}
    />
  );
}

/** The member home's operator rows: 公告, 轮播图, 悬浮图标, 首页弹窗, one tab each. */
export function HomeContentPanel() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'notices', label: '公告', children: <NoticesTab /> },
        { key: 'ads', label: '轮播图', children: <StationAdsTab /> },
        { key: 'icons', label: '悬浮图标', children: <SuspensionIconsTab /> },
        { key: 'pops', label: '首页弹窗', children: <PopActivitiesTab /> },
      ]}
    />
  );
}
