import { ts, type Queryable } from '@nebula/db';

export interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
  superuser: boolean;
  operatorCount: number;
}

const ROLE_SELECT = `SELECT r.id, r.name, r.permissions, r.superuser,
    (SELECT count(*)::int FROM operators o WHERE o.role_id = r.id) AS operator_count
  FROM operator_roles r`;

interface RoleDbRow {
  id: number;
  name: string;
  permissions: string[];
  superuser: boolean;
  operator_count: number;
}

const toRole = (r: RoleDbRow): RoleRow => ({
  id: r.id,
  name: r.name,
  permissions: r.permissions,
  superuser: r.superuser,
  operatorCount: r.operator_count,
});

/** The roles list's filter: part of the name (any case), a permission the role holds. */
export interface RoleFilter {
  q?: string | undefined;
  permission?: string | undefined;
}
function roleWhere(f: RoleFilter, first: number): string[] & { args: unknown[] } {
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${first + args.push(v)}`;
  const sql: string[] = [];
  // position(), not LIKE: a name's `_` is a character to find.
  if (f.q) sql.push(`position(lower(${arg(f.q)}) in lower(r.name)) > 0`);
  // A superuser role holds every permission, including ones it does not list.
  if (f.permission) sql.push(`(r.superuser OR ${arg(f.permission)} = ANY(r.permissions))`);
  return Object.assign(sql, { args });
}

/** One page of the roles in id order, and how many match. */
export async function pageRoles(
  q: Queryable,
  f: RoleFilter,
  limit: number,
  offset: number,
): Promise<{ list: RoleRow[]; total: number }> {
  const w = roleWhere(f, 2);
  const where = w.length ? `WHERE ${w.join(' AND ')}` : '';
  const [rows, total] = await Promise.all([
    q.query<RoleDbRow>(`${ROLE_SELECT} ${where} ORDER BY r.id LIMIT $1 OFFSET $2`, [
      limit,
      offset,
      ...w.args,
    ]),
    countRoles(q, f),
  ]);
  return { list: rows.rows.map(toRole), total };
}

export async function countRoles(q: Queryable, f: RoleFilter): Promise<number> {
  const w = roleWhere(f, 0);
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM operator_roles r ${w.length ? `WHERE ${w.join(' AND ')}` : ''}`,
    w.args,
  );
  return r.rows[0]?.n ?? 0;
}

/** The roles CSV export's keyset page: the filter's roles after `afterId`, in id order. */
export async function rolesAfter(
  q: Queryable,
  f: RoleFilter,
  afterId: number,
  limit: number,
): Promise<RoleRow[]> {
  const w = roleWhere(f, 2);
  const r = await q.query<RoleDbRow>(
    `${ROLE_SELECT} WHERE ${['r.id > $1', ...w].join(' AND ')} ORDER BY r.id LIMIT $2`,
    [afterId, limit, ...w.args],
  );
  return r.rows.map(toRole);
}

export async function findRole(q: Queryable, id: number, lock = false): Promise<RoleRow | null> {
  const r = await q.query<RoleDbRow>(
    lock ? `${ROLE_SELECT} WHERE r.id = $1 FOR UPDATE OF r` : `${ROLE_SELECT} WHERE r.id = $1`,
    [id],
  );
  return r.rows[0] ? toRole(r.rows[0]) : null;
}

/** The new role's id, or 0 when the name is taken. */
export async function insertRole(
  q: Queryable,
  name: string,
  permissions: readonly string[],
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO operator_roles (name, permissions) VALUES ($1, $2)
       ON CONFLICT (name) DO NOTHING RETURNING id`,
    [name, permissions],
  );
  return r.rows[0]?.id ?? 0;
}

/** False when the new name is another role's. */
export async function updateRole(
  q: Queryable,
  id: number,
  patch: { name: string; permissions: readonly string[] },
): Promise<boolean> {
  const taken = await q.query('SELECT 1 FROM operator_roles WHERE name = $1 AND id <> $2', [
    patch.name,
    id,
  ]);
  if (taken.rows.length > 0) return false;
  await q.query('UPDATE operator_roles SET name = $2, permissions = $3 WHERE id = $1', [
    id,
    patch.name,
    patch.permissions,
  ]);
  return true;
}

/**
 * Roles other than `exceptId` that hold operator.manage (a superuser role holds everything),
 * locked so two edits cannot each take it from the other's role at once.
 */
export async function countManageRoles(q: Queryable, exceptId: number): Promise<number> {
  const r = await q.query<{ id: number }>(
    `SELECT id FROM operator_roles
      WHERE id <> $1 AND (superuser OR 'operator.manage' = ANY(permissions)) FOR UPDATE`,
    [exceptId],
  );
  return r.rows.length;
}

export interface OperatorListRow {
  id: number;
  userName: string;
  roleId: number;
  roleName: string;
  disabled: boolean;
  totpEnabled: boolean;
  createdAt: number;
}

interface OperatorListDbRow {
  id: number;
  user_name: string;
  role_id: number;
  role_name: string;
  disabled: boolean;
  totp_enabled: boolean;
  created_at: Date | string;
}

const OPERATOR_SELECT = `SELECT o.id, o.user_name, o.role_id, r.name AS role_name, o.disabled,
    o.totp_secret IS NOT NULL AS totp_enabled, o.created_at
  FROM operators o JOIN operator_roles r ON r.id = o.role_id`;

const toOperator = (o: OperatorListDbRow): OperatorListRow => ({
  id: o.id,
  userName: o.user_name,
  roleId: o.role_id,
  roleName: o.role_name,
  disabled: o.disabled,
  totpEnabled: o.totp_enabled,
  createdAt: new Date(o.created_at).getTime(),
});

/** The operators list's filters: part of the account name (any case), a role, a state. */
export interface OperatorFilter {
  q?: string | undefined;
  roleId?: number | undefined;
  status?: 'enabled' | 'disabled' | undefined;
}

/** The WHERE conditions of a filter, numbered after `first` parameters already bound. */
function operatorWhere(f: OperatorFilter, first = 0): { sql: string[]; args: unknown[] } {
  const sql: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${first + args.push(v)}`;
  // position(), not LIKE: a name's `_` is a character to find, not a wildcard.
  if (f.q) sql.push(`position(lower(${arg(f.q)}) in lower(o.user_name)) > 0`);
  if (f.roleId !== undefined) sql.push(`o.role_id = ${arg(f.roleId)}`);
  if (f.status) sql.push(`o.disabled = ${arg(f.status === 'disabled')}`);
  return { sql, args };
}
const whereOf = (sql: string[]) => (sql.length ? `WHERE ${sql.join(' AND ')}` : '');

export async function listOperators(
  q: Queryable,
  f: OperatorFilter,
  limit: number,
  offset: number,
): Promise<{ list: OperatorListRow[]; total: number }> {
  const w = operatorWhere(f, 2);
  const [rows, total] = await Promise.all([
    q.query<OperatorListDbRow>(
      `${OPERATOR_SELECT} ${whereOf(w.sql)} ORDER BY o.id LIMIT $1 OFFSET $2`,
      [limit, offset, ...w.args],
    ),
    countOperators(q, f),
  ]);
  return { list: rows.rows.map(toOperator), total };
}

export async function findOperatorView(
  q: Queryable,
  id: number,
  lock = false,
): Promise<OperatorListRow | null> {
  const r = await q.query<OperatorListDbRow>(
    `${OPERATOR_SELECT} WHERE o.id = $1${lock ? ' FOR UPDATE OF o' : ''}`,
    [id],
  );
  return r.rows[0] ? toOperator(r.rows[0]) : null;
}

export async function setOperatorRole(q: Queryable, id: number, roleId: number): Promise<void> {
  await q.query('UPDATE operators SET role_id = $2 WHERE id = $1', [id, roleId]);
}

/** Disabling ends the operator's sessions at once; the guard also refuses disabled ones. */
export async function setOperatorDisabled(
  q: Queryable,
  id: number,
  disabled: boolean,
  now: number,
): Promise<void> {
  await q.query('UPDATE operators SET disabled = $2 WHERE id = $1', [id, disabled]);
  if (disabled)
    await q.query(
      'UPDATE operator_sessions SET ended_at = $2 WHERE operator_id = $1 AND ended_at IS NULL',
      [id, ts(now)],
    );
}

/** The operators CSV export: the filter's operators in id order, keyset pages after `afterId`. */
export async function countOperators(q: Queryable, f: OperatorFilter = {}): Promise<number> {
  const w = operatorWhere(f);
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM operators o ${whereOf(w.sql)}`,
    w.args,
  );
  return r.rows[0]?.n ?? 0;
}

export async function operatorsAfter(
  q: Queryable,
  f: OperatorFilter,
  afterId: number,
  limit: number,
): Promise<OperatorListRow[]> {
  const w = operatorWhere(f, 2);
  const r = await q.query<OperatorListDbRow>(
    `${OPERATOR_SELECT} WHERE o.id > $1 ${w.sql.map((c) => `AND ${c}`).join(' ')}
      ORDER BY o.id LIMIT $2`,
    [afterId, limit, ...w.args],
  );
  return r.rows.map(toOperator);
}
