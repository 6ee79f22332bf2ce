import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A bordered box with an optional title, for the first route's pages: antd's Card brings its
 * tabs along (some 14 KB gzipped), which the login and dashboard pages never show.
 */
export function Panel({
  title,
  children,
  style,
}: {
  title?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        ...style,
      }}
    >
      {title && (
        <h2
          style={{
            margin: 0,
            padding: '16px 24px',
            fontSize: token.fontSizeLG,
            fontWeight: 600,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {title}
        </h2>
      )}
      <div style={{ padding: 24 }}>{children}</div>
    </section>
  );
}
