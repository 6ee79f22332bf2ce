import { ErrorCode, type AgentStatus, type DownlinePage } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, expectCode, registerMember } from '../../test/factories';
import { ancestorsOf, applyAs, approvedAgent, registerWith } from '../../test/agent-factories';

/**
 * Agents (contract §5 Agents): one live application per member, operator approval (audited),
 * registration through an agent code joins the downline tree, loops refused, roles enforced.
 */
let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  op = await adminToken(t, 'finance');
});
afterAll(() => t.close());

const audits = async (target: string) =>
  (
    await t.db.query<{ action: string; before: unknown; after: unknown }>(
      'SELECT action, before, after FROM audit_log WHERE target = $1 ORDER BY id',
      [target],
    )
  ).rows;

describe('applying', () => {
  it('a second application while one is pending or approved is refused; approval is audited', async () => {
    const m = await registerMember(t);
    await expectCode(applyAs(m), ErrorCode.Success);
    await expectCode(applyAs(m), ErrorCode.AgentApplicationExists);
    const pending = await m.client.data<AgentStatus>('agentStatus', { token: m.token });
    expect(pending).toMatchObject({ application: { status: 'pending' }, agent: null });
    // Not yet an agent: the centre's calls are refused.
    await expectCode(m.client.call('agentSummary', { token: m.token }), ErrorCode.AgentNotAgent);
    const id = pending.application!.id;
    const url = `/admin/api/v1/agent/applications/${id}/decide`;
    expect((await adminCall(t, op, 'POST', url, { approve: true })).status_code).toBe(
      ErrorCode.Success,
    );
    expect((await adminCall(t, op, 'POST', url, { approve: false })).status_code).toBe(
      ErrorCode.AgentApplicationDecided,
    );
    const approved = await m.client.data<AgentStatus>('agentStatus', { token: m.token });
    expect(approved.application?.status).toBe('approved');
    expect(approved.agent?.code).toMatch(/^[A-Z0-9]{8}$/);
    await expectCode(applyAs(m), ErrorCode.AgentApplicationExists);
    expect(await audits(`member:${m.memberId}`)).toEqual([
      {
        action: 'agent.application.approve',
        before: { status: 'pending' },
        after: { status: 'approved', reason: null },
      },
    ]);
  });

  it('applications sent at once: one is taken, the others are refused', async () => {
    const m = await registerMember(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => applyAs(m)));
    const codes = answers.map((a) => a.status_code).sort();
    expect(codes).toEqual([
      ErrorCode.Success,
      ...Array<number>(4).fill(ErrorCode.AgentApplicationExists),
    ]);
    const rows = await t.db.query('SELECT 1 FROM agent_applications WHERE member_id = $1', [
      m.memberId,
    ]);
    expect(rows.rowCount).toBe(1);
  });

  it('a rejected member may apply again', async () => {
    const m = await registerMember(t);
    const first = await applyAs(m);
    await adminCall(
      t,
      op,
      'POST',
      `/admin/api/v1/agent/applications/${first.data.application!.id}/decide`,
      {
        approve: false,
        reason: '资料不全',
      },
    );
    const again = await expectCode(applyAs(m), ErrorCode.Success);
    expect(again.data.application?.status).toBe('pending');
  });

  it('a role without the permission is refused and nothing changes', async () => {
    const m = await registerMember(t);
    const applied = await applyAs(m);
    const mod = await adminToken(t, 'moderator');
    const url = `/admin/api/v1/agent/applications/${applied.data.application!.id}/decide`;
    expect((await adminCall(t, mod, 'POST', url, { approve: true })).status_code).toBe(
      ErrorCode.AdminForbidden,
    );
    expect((await adminCall(t, mod, 'GET', '/admin/api/v1/agent/statements')).status_code).toBe(
      ErrorCode.AdminForbidden,
    );
    const status = await m.client.data<AgentStatus>('agentStatus', { token: m.token });
    expect(status).toMatchObject({ application: { status: 'pending' }, agent: null });
  });
});

describe('the downline', () => {
  it("registering with an agent code, or an agent's invite code, joins the tree (no friend invitation)", async () => {
    const a = await approvedAgent(t, op);
    const viaAgentCode = (await registerWith(t, { agentCode: a.code.toLowerCase() })).member!;
    const viaInvite = (await registerWith(t, { inviteCode: a.code })).member!;
    expect(await ancestorsOf(t, viaAgentCode.memberId)).toEqual([[a.memberId, 1]]);
    expect(await ancestorsOf(t, viaInvite.memberId)).toEqual([[a.memberId, 1]]);
    const inviters = await t.db.query<{ inviter_id: number | null }>(
      'SELECT inviter_id FROM members WHERE id = ANY($1::int[]) ORDER BY id',
      [[viaAgentCode.memberId, viaInvite.memberId]],
    );
    expect(inviters.rows).toEqual([{ inviter_id: null }, { inviter_id: null }]);
    // An ordinary member's invite code stays a friend invitation, outside any tree.
    const friend = await registerMember(t);
    const invited = (await registerWith(t, { inviteCode: await codeOf(friend.memberId) })).member!;
    expect(await ancestorsOf(t, invited.memberId)).toEqual([]);
    const page = await a.client.data<DownlinePage>('agentDownline', {
      token: a.token,
      query: { scope: 'direct' },
    });
    expect(page.total).toBe(2);
    expect(page.list.map((x) => x.userName).sort()).toEqual(
      [viaAgentCode.userName, viaInvite.userName].sort(),
    );
  });

  it("an agent code that is no approved agent's is refused with 6046 and registers nobody", async () => {
    const plain = await registerMember(t);
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members');
    for (const codes of [
      { agentCode: 'NOSUCH99' },
      { agentCode: await codeOf(plain.memberId) },
      { inviteCode: 'NOSUCH99' },
    ]) {
      const { env } = await registerWith(t, codes);
      expect(env.status_code).toBe(ErrorCode.InviteCodeInvalid);
    }
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('agents of agents: all-levels is one range; a move is audited; a loop is refused', async () => {
    const top = await approvedAgent(t, op);
    const sub = await approvedAgent(
      t,
      op,
      (await registerWith(t, { agentCode: top.code })).member!,
    );
    const leaf = (await registerWith(t, { agentCode: sub.code })).member!;
    expect(await ancestorsOf(t, leaf.memberId)).toEqual([
      [sub.memberId, 1],
      [top.memberId, 2],
    ]);
    const all = await top.client.data<DownlinePage>('agentDownline', {
      token: top.token,
      query: { scope: 'all' },
    });
    expect(all.list.map((x) => [x.userName, x.depth, x.isAgent])).toEqual([
      [leaf.userName, 2, false],
      [sub.userName, 1, true],
    ]);
    // Moving the top agent under its own sub-agent (or itself) would make a loop.
    const move = (memberId: number, agentId: number) =>
      adminCall(t, op, 'POST', `/admin/api/v1/agent/members/${memberId}/move`, { agentId });
    expect((await move(top.memberId, sub.memberId)).status_code).toBe(ErrorCode.AgentMoveLoop);
    expect((await move(top.memberId, top.memberId)).status_code).toBe(ErrorCode.AgentMoveLoop);
    expect((await move(leaf.memberId, leaf.memberId)).status_code).toBe(
      ErrorCode.AgentTargetNotAgent,
    );
    expect(await ancestorsOf(t, top.memberId)).toEqual([]);
    // The sub-agent with its leaf moves under another agent: every link follows.
    const other = await approvedAgent(t, op);
    const moved = await move(sub.memberId, other.memberId);
    expect(moved).toMatchObject({ status_code: ErrorCode.Success, data: { moved: 2 } });
    expect(await ancestorsOf(t, leaf.memberId)).toEqual([
      [sub.memberId, 1],
      [other.memberId, 2],
    ]);
    expect(await ancestorsOf(t, sub.memberId)).toEqual([[other.memberId, 1]]);
    expect(await audits(`member:${sub.memberId}`)).toContainEqual({
      action: 'agent.member.move',
      before: { agentId: top.memberId },
      after: { agentId: other.memberId },
    });
  });
});

describe('the closure table', () => {
  it('"everyone under X" is one range of the primary key, not a walk of the tree', async () => {
    const top = await approvedAgent(t, op);
    const sub = await approvedAgent(
      t,
      op,
      (await registerWith(t, { agentCode: top.code })).member!,
    );
    const leaf = (await registerWith(t, { agentCode: sub.code })).member!;
    // The query the statements and the agent centre use, as one statement of one table.
    const under = `SELECT descendant_id FROM agent_tree WHERE ancestor_id = ${top.memberId} AND depth > 0`;
    const r = await t.db.query<{ descendant_id: number }>(`${under} ORDER BY descendant_id`);
    expect(r.rows.map((x) => x.descendant_id)).toEqual([sub.memberId, leaf.memberId]);
    // With sequential scans priced out, the planner answers it from the key's range.
    const plan = await t.db.tx(async (q) => {
      await q.query('SET LOCAL enable_seqscan = off');
      const e = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${under}`);
      return e.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan (using|on) agent_tree_pkey/);
    expect(plan).toMatch(/Index Cond: \(ancestor_id = \d+\)/);
    expect(plan).not.toMatch(/Recursive|CTE/);
  });
});

async function codeOf(memberId: number): Promise<string> {
  const r = await t.db.query<{ invite_code: string }>(
    'SELECT invite_code FROM members WHERE id = $1',
    [memberId],
  );
  return r.rows[0]!.invite_code;
}
