import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, registerMember } from '../../test/factories';
import { approvedAgent, registerWith } from '../../test/agent-factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * An agent's downline for operators (agent.manage): direct or all, by part of a name, paged on
 * the server with the filtered total, newest first; the CSV export takes the same filters and
 * is audited; a member who is no agent is refused with the agent module's code; others 6061.
 */
let t: TestApp;
let op: string;
let moderator: string;
let agentId: number;
const names: string[] = [];
let grandchild = '';
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  op = await adminToken(t, 'admin');
  moderator = await adminToken(t, 'moderator');
  const agent = await approvedAgent(t, op);
  agentId = agent.memberId;
  for (let i = 0; i < 3; i += 1) {
    const { member } = await registerWith(t, { agentCode: agent.code });
    names.push(member!.userName);
  }
  // One of them becomes an agent with a member of their own: depth 2 under the first.
  const sub = await approvedAgent(t, op, {
    ...(await registerWith(t, { agentCode: agent.code })).member!,
  });
  names.push(sub.userName);
  const { member } = await registerWith(t, { agentCode: sub.code });
  grandchild = member!.userName;
});
afterAll(() => t.close());

type Page = { list: { memberId: number; userName: string; depth: number }[]; total: number };
const downline = (query: string, token = op, id = agentId) =>
  adminCall<Page>(t, token, 'GET', `/admin/api/v1/agent/members/${id}/downline?${query}`);

describe('an agent downline for operators', () => {
  it('direct or all, filtered by name, paged with the filtered total', async () => {
    const direct = await downline('scope=direct&pageSize=2');
    expect(direct.status_code).toBe(ErrorCode.Success);
    expect(direct.data.total).toBe(4);
    expect(direct.data.list).toHaveLength(2);
    const ids = direct.data.list.map((m) => m.memberId);
    expect(ids[0]!).toBeGreaterThan(ids[1]!);
    const all = await downline('scope=all');
    expect(all.data.total).toBe(5);
    expect(all.data.list.find((m) => m.userName === grandchild)?.depth).toBe(2);
    const one = await downline(`scope=all&q=${grandchild.toUpperCase()}`);
    expect(one.data.list.map((m) => m.userName)).toEqual([grandchild]);
    expect(one.data.total).toBe(1);
  });

  it('refuses a member who is no agent, bad filters and operators without agent.manage', async () => {
    const plain = await registerMember(t);
    expect((await downline('scope=direct', op, plain.memberId)).status_code).toBe(
      ErrorCode.AgentNotAgent,
    );
    expect((await downline('scope=sideways')).status_code).toBe(ErrorCode.Validation);
    expect((await downline('scope=direct', moderator)).status_code).toBe(ErrorCode.AdminForbidden);
  });

  it('exports what the filter shows, audited with the filters', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/admin/api/v1/exports/agent-downline?agentId=${agentId}&scope=all`,
      headers: { 'x-admin-token': op },
    });
    expect(r.statusCode).toBe(200);
    const lines = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('会员ID,账号,层级,代理,注册时间,累计存款,本月有效流水,活跃');
    expect(lines).toHaveLength(6);
    for (const n of [...names, grandchild]) expect(r.body).toContain(n);
    const audit = await t.db.query<{ after: { filters: unknown; rows: number } }>(
      `SELECT after FROM audit_log WHERE action = 'export.csv' AND target = 'export:agent-downline'`,
    );
    expect(audit.rows.at(-1)?.after).toMatchObject({
      filters: { agentId, scope: 'all' },
      rows: 5,
    });
  });
});
