import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A page's title, styled as antd's level-3 title. A plain heading, not antd's Typography: it
 * brings copying, ellipsis and editing along (some 6 KB gzipped in the first route).
 */
export function PageHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 8,
        justifyContent: 'space-between',
        marginBottom: 16,
      }}
    >
      <h3
        style={{
          margin: 0,
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: token.fontWeightStrong,
        }}
      >
        {title}
      </h3>
      {extra}
    </div>
  );
}

/** Milliseconds since the epoch, as Shanghai time (the site's day, docs/contract.md). */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return new Date(ms).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
}
