import { ErrorCode, type AgentStatus, type LoginResult } from '@nebula/protocol';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import {
  GOOD_PASSWORD,
  adminCall,
  registerMember,
  solvedCaptcha,
  uniqueName,
  type Member,
} from './factories';

/** Test helpers for the agent suites: an approved agent, a sign-up through a code. */

export async function applyAs(m: Member, contact = 'QQ 12345678') {
  return m.client.call<AgentStatus>('agentApply', { token: m.token, body: { contact } });
}

/** A member who applied and whom an operator approved; answers the member and their code. */
export async function approvedAgent(
  t: TestApp,
  op: string,
  m?: Member,
): Promise<Member & { code: string }> {
  const member = m ?? (await registerMember(t));
  const applied = await applyAs(member);
  expect(applied.status_code).toBe(ErrorCode.Success);
  const decided = await adminCall(
    t,
    op,
    'POST',
    `/admin/api/v1/agent/applications/${applied.data.application!.id}/decide`,
    { approve: true },
  );
  expect(decided.status_code).toBe(ErrorCode.Success);
  const status = await member.client.data<AgentStatus>('agentStatus', { token: member.token });
  return { ...member, code: status.agent!.code };
}

/** Registers through the real call with an agent code and/or invite code. */
export async function registerWith(t: TestApp, codes: { agentCode?: string; inviteCode?: string }) {
  const c = t.client();
  const userName = uniqueName();
  const env = await c.call<LoginResult>('register', {
    body: {
      userName,
      password: GOOD_PASSWORD,
      ageConfirmed: true,
      ...codes,
      ...(await solvedCaptcha(t, c)),
    },
  });
  if (env.status_code !== ErrorCode.Success) return { env, member: null };
  const r = await t.db.query<{ id: number }>('SELECT id FROM members WHERE user_name_lower = $1', [
    userName.toLowerCase(),
  ]);
  const member: Member = {
    userName,
    password: GOOD_PASSWORD,
    token: env.data.token,
    client: c,
    memberId: r.rows[0]!.id,
  };
  return { env, member };
}

/** The closure rows above a member: (ancestor, depth), nearest first. */
export async function ancestorsOf(t: TestApp, memberId: number) {
  const r = await t.db.query<{ ancestor_id: number; depth: number }>(
    `SELECT ancestor_id, depth FROM agent_tree WHERE descendant_id = $1 AND depth > 0
      ORDER BY depth`,
    [memberId],
  );
  return r.rows.map((x) => [x.ancestor_id, x.depth]);
}
