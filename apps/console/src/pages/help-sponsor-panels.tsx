import { Button, Card, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { ExportButton } from '../components/export-button';
import { useAdminQuery, useCan } from '../components/use-admin-query';
import { columnsOf } from '../components/value-cell';
import { pagination } from '../components/list-filter-bar';
import { HelpEditModal, SponsorModal } from './content-editor-forms';

type HelpRow = ResponseOf<'adminHelpList'>['list'][number];
type SponsorRow = ResponseOf<'adminSponsors'>['list'][number];
const HELP_CATEGORY_OPTIONS: { value: HelpRow['category']; label: string }[] = [
  { value: 'guides', label: '新手指南' },
  { value: 'funds', label: '存取款' },
  { value: 'games', label: '游戏规则' },
  { value: 'about', label: '关于我们' },
];

/** Part of a name typed in a search box: blank is no filter. */
const searched = (v: string) => v.trim() || undefined;

/**
 * 帮助中心: the help pages, paged and filtered on the server (category, part of the slug or
 * title); the export takes the same filters.
 */
export function HelpPanel() {
  const [filter, setFilter] = useState<{ category?: HelpRow['category']; q?: string }>({});
  const [page, setPage] = useState(1);
  const help = useAdminQuery('adminHelpList', { query: { ...filter, page, pageSize: 20 } });
  const canEdit = useCan('adminHelpSave');
  const [editing, setEditing] = useState<HelpRow['slug'] | null>(null);
  const narrow = (patch: typeof filter) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  return (
    <Card
      title="帮助中心"
      extra={
        <Space>
          <Select
            aria-label="帮助分类"
            allowClear
            placeholder="全部分类"
            style={{ width: 120 }}
            options={HELP_CATEGORY_OPTIONS}
            value={filter.category}
            onChange={(category?: HelpRow['category']) => narrow({ category })}
          />
          <Input.Search
            aria-label="帮助搜索"
            placeholder="标识或标题"
            allowClear
            maxLength={40}
            style={{ width: 160 }}
            onSearch={(v) => narrow({ q: searched(v) })}
          />
          <ExportButton
            route="adminExportHelpDocs"
            req={{ query: filter }}
            fileName="help-docs.csv"
          />
        </Space>
      }
    >
      <Table
        rowKey="slug"
        size="small"
        loading={help.isLoading}
        dataSource={help.data?.list}
        columns={[
          ...columnsOf(help.data?.list),
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, h: HelpRow) =>
              canEdit ? (
                <Button size="small" onClick={() => setEditing(h.slug)}>
                  编辑
                </Button>
              ) : null,
          },
        ]}
        pagination={pagination(page, help.data?.total, setPage)}
      />
      <HelpEditModal slug={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

/**
 * 赞助: the sponsorships in the site's order, paged and filtered on the server (enabled, part
 * of the title); the export takes the same filters.
 */
export function SponsorPanel() {
  const [filter, setFilter] = useState<{ enabled?: 'true' | 'false'; q?: string }>({});
  const [page, setPage] = useState(1);
  const sponsors = useAdminQuery('adminSponsors', { query: { ...filter, page, pageSize: 20 } });
  const canSave = useCan('adminSponsorSave');
  const [sponsor, setSponsor] = useState<SponsorRow | 'new' | null>(null);
  const narrow = (patch: typeof filter) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  return (
    <Card
      title="赞助"
      extra={
        <Space>
          {canSave && <Button onClick={() => setSponsor('new')}>新增赞助</Button>}
          <Select
            aria-label="赞助状态"
            allowClear
            placeholder="全部状态"
            style={{ width: 110 }}
            options={[
              { value: 'true', label: '启用' },
              { value: 'false', label: '停用' },
            ]}
            value={filter.enabled}
            onChange={(enabled?: 'true' | 'false') => narrow({ enabled })}
          />
          <Input.Search
            aria-label="赞助搜索"
            placeholder="标题"
            allowClear
            maxLength={40}
            style={{ width: 140 }}
            onSearch={(v) => narrow({ q: searched(v) })}
          />
          <ExportButton
            route="adminExportSponsors"
            req={{ query: filter }}
            fileName="sponsors.csv"
          />
        </Space>
      }
    >
      <Table
        rowKey="id"
        size="small"
        loading={sponsors.isLoading}
        dataSource={sponsors.data?.list}
        columns={[
          ...columnsOf(sponsors.data?.list),
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, row: SponsorRow) =>
              canSave ? (
                <Button size="small" onClick={() => setSponsor(row)}>
                  编辑
                </Button>
              ) : null,
          },
        ]}
        pagination={pagination(page, sponsors.data?.total, setPage)}
      />
      <SponsorModal
        open={sponsor !== null}
        sponsor={sponsor === 'new' ? null : sponsor}
        onClose={() => setSponsor(null)}
      />
    </Card>
  );
}
