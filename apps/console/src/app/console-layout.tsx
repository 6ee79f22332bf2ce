import { Alert, Button, Layout, Space, theme } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { apiError, errorText, FORBIDDEN_CODE } from '../api/api-error';
import { pageAllowed, visibleMenu } from '../permissions/permissions';
import { useConsole } from '../session/console-context';

const { Sider, Header, Content } = Layout;

/** The server's refusal (6061) in the catalogue's words, which load only for it (../api/api-error.ts). */
function Forbidden() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    void apiError(FORBIDDEN_CODE).then((e) => setText(errorText(e)));
  }, []);
  return text ? <Alert type="error" title={text} /> : null;
}

/** The frame of every signed-in page: the menu the operator's permissions allow, and who is signed in. */
export function ConsoleLayout() {
  const { session, call, signOut } = useConsole();
  const { token } = theme.useToken();
  const items = visibleMenu(session);
  // A page the menu hides, opened by its address: the server's refusal, not an empty page.
  const allowed = pageAllowed(session, useLocation().pathname);
  const logout = () => {
    call('adminLogout', { body: {} })
      .catch(() => undefined)
      .finally(signOut);
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider width={200} theme="light">
        <div style={{ padding: '16px', fontWeight: 600 }}>Nebula 运营后台</div>
        {/* Plain links, not antd's Menu: the menu's popups and overflow logic cost the first
            route some 15 KB gzipped for a list that never collapses into a popup. */}
        <nav aria-label="主菜单">
          <ul style={{ listStyle: 'none', margin: 0, padding: '0 8px' }}>
            {items.map((i) => (
              <li key={i.key}>
                <NavLink
                  to={i.path}
                  end={i.path === '/'}
                  style={({ isActive }) => ({
                    display: 'block',
                    padding: '10px 16px',
                    marginBottom: 4,
                    borderRadius: token.borderRadius,
                    color: isActive ? token.colorPrimary : token.colorText,
                    background: isActive ? token.colorPrimaryBg : 'transparent',
                  })}
                >
                  {i.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            padding: '0 24px',
          }}
        >
          <Space>
            <span>
              {session?.userName}（{session?.roleName}）
            </span>
            <Button onClick={logout}>退出</Button>
          </Space>
        </Header>
        <Content style={{ margin: 24 }}>
          {allowed ? (
            <Suspense fallback={null}>
              <Outlet />
            </Suspense>
          ) : (
            <Forbidden />
          )}
        </Content>
      </Layout>
    </Layout>
  );
}
