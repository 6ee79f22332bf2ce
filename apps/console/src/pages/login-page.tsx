import { Alert, Button, Form, Input } from 'antd';
import { Panel } from '../components/panel';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ApiError, errorText } from '../api/api-error';
import { useConsole } from '../session/console-context';
import { zodRule } from '../components/zod-rule';
import type { OperatorSession } from '../session/session';
import { ceremonyText, passkeyAssertion } from '../session/passkey-ceremony';

// The schemas load with the first validation: zod stays out of the first route's scripts.
const schemas = () => import('@nebula/protocol/api/admin/admin.schemas');
const loginSchema = () => schemas().then((m) => m.AdminLoginRequest);

// Only an enrol-only session needs enrolment: it loads then, not with the login route, and
// with antd's App around it (its messages; ../components/page-frame.tsx).
const FactorEnrolPanel = lazy(() =>
  Promise.all([
    import('../components/factor-enrol-panel'),
    import('../components/page-frame'),
  ]).then(([m, frame]) => ({ default: frame.withAntApp(m.FactorEnrolPanel) })),
);

/** The server asks for the six digits (6058) once the password is right. */
const TOTP_REQUIRED = 6058;

interface LoginForm {
  userName: string;
  password: string;
  totp?: string;
}

/** Password, then the authenticator's six digits (or a passkey) when the operator has them. */
export function Page() {
  const { call, session, signIn } = useConsole();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginForm>();
  const [needTotp, setNeedTotp] = useState(false);
  const [passkeyOffered, setPasskeyOffered] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A session that may only enrol (kept in the tab) comes back to enrolment, not to the
  // password form: every other page sends it here.
  const [enrolling, setEnrolling] = useState<OperatorSession | null>(
    session?.enrolOnly ? session : null,
  );
  if (session && !session.enrolOnly && !enrolling) return <Navigate to="/" replace />;
  const submit = async (v: LoginForm, withPasskey = false) => {
    setBusy(true);
    setError(null);
    try {
      // A passkey answers a fresh login challenge in place of the six digits.
      const passkey = withPasskey
        ? await passkeyAssertion(await call('adminPasskeyLoginOptions', { body: {} }))
        : undefined;
      const s = await call('adminLogin', {
        body: {
          userName: v.userName,
          password: v.password,
          ...(passkey ? { passkey } : { totp: v.totp || undefined }),
        },
      });
      const next: OperatorSession = { ...s };
      signIn(next);
      if (s.enrolOnly) setEnrolling(next);
      else void navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === TOTP_REQUIRED) {
        setNeedTotp(true);
        setPasskeyOffered((err.data as { passkey?: boolean } | null)?.passkey === true);
      }
      setError(ceremonyText(err) ?? errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: '12vh' }}>
      <Panel title="Nebula 运营后台登录" style={{ width: 400 }}>
        {enrolling ? (
          <Suspense fallback={null}>
            <FactorEnrolPanel
              onDone={() => {
                signIn({ ...enrolling, enrolOnly: false });
                setEnrolling(null);
                void navigate('/', { replace: true });
              }}
            />
          </Suspense>
        ) : (
          <Form form={form} layout="vertical" onFinish={(v: LoginForm) => void submit(v)}>
            {error && (
              <Alert type="error" title={error} style={{ marginBottom: 16 }} role="alert" />
            )}
            <Form.Item
              label="账号"
              name="userName"
              rules={[zodRule(loginSchema, 'userName', '请输入账号')]}
            >
              <Input autoComplete="username" />
            </Form.Item>
            <Form.Item
              label="密码"
              name="password"
              rules={[zodRule(loginSchema, 'password', '请输入密码')]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            {needTotp && (
              <Form.Item
                label="两步验证码"
                name="totp"
                rules={[
                  { required: true, message: '请输入六位数字验证码' },
                  zodRule(loginSchema, 'totp', '请输入六位数字验证码'),
                ]}
              >
                <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" autoFocus />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              登录
            </Button>
            {passkeyOffered && (
              <Button
                block
                loading={busy}
                style={{ marginTop: 12 }}
                onClick={() =>
                  void form
                    .validateFields(['userName', 'password'])
                    .then((v) => submit(v, true))
                    .catch(() => undefined)
                }
              >
                使用通行密钥登录
              </Button>
            )}
          </Form>
        )}
      </Panel>
    </div>
  );
}
