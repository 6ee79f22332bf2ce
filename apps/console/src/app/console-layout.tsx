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
  const { pathname } = useLocation();
  const allowed = pageAllowed(session, pathname);
  // Below antd's lg breakpoint (992 px: a tablet held upright) the menu folds away behind 菜单
  // and opens over the page, so the page keeps the whole width; a choice folds it again.
  const [narrow, setNarrow] = useState(false);
  // Open on the page it was opened on: going to another page folds it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const logout = () => {
    call('adminLogout', { body: {} })
      .catch(() => undefined)
      .finally(signOut);
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        width={200}
        theme="light"
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={narrow && !menuOpen}
        trigger={null}
        onBreakpoint={setNarrow}
        style={
          narrow
            ? { position: 'fixed', insetBlock: 0, left: 0, zIndex: 100, overflowY: 'auto' }
            : undefined
        }
      >
        <div style={{ padding: '16px', fontWeight: 600 }}>Nebula 运营后台</div>
        {/* Plain links, not antd's Menu: the menu's popups and overflow logic cost the first
            route some 15 KB gzipped for a list that never collapses into a popup. */}
        {/* Folded: not rendered, so its links are neither seen nor reached by Tab. */}
        {(!narrow || menuOpen) && (
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
        )}
      </Sider>
      {narrow && menuOpen && (
        <div
          aria-hidden
          onClick={() => setMenuOpen(false)}
          style={{ position: 'fixed', inset: 0, zIndex: 99, background: token.colorBgMask }}
        />
      )}
      {/* min-width 0: a wide table scrolls in its own box instead of widening the page. */}
      <Layout style={{ minWidth: 0 }}>
        <Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: narrow ? 'space-between' : 'flex-end',
            padding: narrow ? '0 16px' : '0 24px',
          }}
        >
          {narrow && (
            <Button aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
              菜单
            </Button>
          )}
          <Space>
            <span>
              {session?.userName}（{session?.roleName}）
            </span>
            <Button onClick={logout}>退出</Button>
          </Space>
        </Header>
        <Content style={{ margin: narrow ? 16 : 24, minWidth: 0 }}>
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
