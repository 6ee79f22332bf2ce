import {
  ErrorCode,
  type AdminPermission,
  type OperatorRoleView,
  type OperatorView,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ExportSource } from '../../lib/export-source';
import type { Operator } from '../../http/operator-context';
import type { AuditService } from '../audit/audit.service';
import type { OperatorService } from './operator.service';
import { permissionsOf } from './seeded-roles';
import * as repo from './roles.repository';

export interface RolesServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  operators: OperatorService;
}

const roleView = (r: repo.RoleRow): OperatorRoleView => ({
  id: r.id,
  name: r.name,
  superuser: r.superuser,
  permissions: permissionsOf(r),
  operatorCount: r.operatorCount,
});

/**
 * Roles are data: named sets of the protocol's permissions, edited by operators who hold
 * `operator.manage` (docs/contract.md §4.1). Every change is audited with before and after.
 */
export class RolesService {
  constructor(private readonly d: RolesServiceDeps) {}

  /** The roles list, paged in id order with its filters. */
  async rolePage(f: repo.RoleFilter & { page: number; pageSize: number }) {
    const { page, pageSize } = f;
    const r = await repo.pageRoles(this.d.db, f, pageSize, (page - 1) * pageSize);
    return { list: r.list.map(roleView), total: r.total, page, pageSize };
  }

  /** The roles CSV export's rows (reports/registry-exports.service.ts), in id order. */
  rolesExportSource(f: repo.RoleFilter): ExportSource<OperatorRoleView, number> {
    return {
      count: () => repo.countRoles(this.d.db, f),
      page: async (after, limit) =>
        (await repo.rolesAfter(this.d.db, f, after, limit)).map(roleView),
      first: 0,
      keyOf: (r) => r.id,
    };
  }

  async createRole(
    actor: Operator,
    input: { name: string; permissions: AdminPermission[] },
  ): Promise<OperatorRoleView> {
    const permissions = [...new Set(input.permissions)].sort();
    return this.d.db.tx(async (q) => {
      const id = await repo.insertRole(q, input.name, permissions);
      if (!id) throw new AppError(ErrorCode.OperatorRoleNameTaken);
      await this.#audit(q, actor, 'operator.role.create', `role:${id}`, null, {
        name: input.name,
        permissions,
      });
      return roleView((await repo.findRole(q, id))!);
    });
  }

  async updateRole(
    actor: Operator,
    id: number,
    input: { name?: string; permissions?: AdminPermission[] },
  ): Promise<OperatorRoleView> {
    return this.d.db.tx(async (q) => {
      const before = await repo.findRole(q, id, true);
      if (!before) throw new AppError(ErrorCode.OperatorRoleNotFound);
      // The superuser role holds everything by definition: a permission list would mislead.
      if (before.superuser && input.permissions)
        throw new AppError(ErrorCode.Validation, {
          issues: [{ path: 'permissions', message: 'the superuser role holds every permission' }],
        });
      const after = {
        name: input.name ?? before.name,
        permissions: input.permissions
          ? [...new Set(input.permissions)].sort()
          : before.permissions,
      };
      // Without a role holding operator.manage nobody could ever edit roles again.
      if (
        before.permissions.includes('operator.manage') &&
        !after.permissions.includes('operator.manage') &&
        (await repo.countManageRoles(q, id)) === 0
      )
        throw new AppError(ErrorCode.OperatorLastManageRole);
      if (!(await repo.updateRole(q, id, after)))
        throw new AppError(ErrorCode.OperatorRoleNameTaken);
      await this.#audit(
        q,
        actor,
        'operator.role.update',
        `role:${id}`,
        { name: before.name, permissions: before.permissions },
        after,
      );
      return roleView((await repo.findRole(q, id))!);
    });
  }

  /** The operators CSV export's rows (reports/desk-exports.service.ts), in id order. */
  operatorsExportSource(f: repo.OperatorFilter = {}): ExportSource<repo.OperatorListRow, number> {
    return {
      count: () => repo.countOperators(this.d.db, f),
      page: (after, limit) => repo.operatorsAfter(this.d.db, f, after, limit),
      first: 0,
      keyOf: (o) => o.id,
    };
  }

  async operators(f: repo.OperatorFilter & { page: number; pageSize: number }) {
    const { page, pageSize } = f;
    const r = await repo.listOperators(this.d.db, f, pageSize, (page - 1) * pageSize);
    return { ...r, page, pageSize };
  }

  async createOperator(
    actor: Operator,
    input: { userName: string; password: string; roleId: number },
  ): Promise<OperatorView> {
    if (!(await repo.findRole(this.d.db, input.roleId)))
      throw new AppError(ErrorCode.OperatorRoleNotFound);
    const id = await this.d.operators.create(input.userName, input.password, input.roleId);
    if (!id) throw new AppError(ErrorCode.OperatorNameTaken);
    await this.#audit(this.d.db, actor, 'operator.create', `operator:${id}`, null, {
      userName: input.userName,
      roleId: input.roleId,
    });
    return (await repo.findOperatorView(this.d.db, id))!;
  }

  /** Assigns a role or disables/enables; an operator cannot do either to themself. */
  async updateOperator(
    actor: Operator,
    id: number,
    input: { roleId?: number; disabled?: boolean },
  ): Promise<OperatorView> {
    if (id === actor.operatorId) throw new AppError(ErrorCode.OperatorSelfChange);
    return this.d.db.tx(async (q) => {
      const before = await repo.findOperatorView(q, id, true);
      if (!before) throw new AppError(ErrorCode.OperatorNotFound);
      if (input.roleId !== undefined && input.roleId !== before.roleId) {
        if (!(await repo.findRole(q, input.roleId)))
          throw new AppError(ErrorCode.OperatorRoleNotFound);
        await repo.setOperatorRole(q, id, input.roleId);
      }
      if (input.disabled !== undefined && input.disabled !== before.disabled)
        await repo.setOperatorDisabled(q, id, input.disabled, this.d.clock.now());
      const after = (await repo.findOperatorView(q, id))!;
      await this.#audit(
        q,
        actor,
        'operator.update',
        `operator:${id}`,
        { roleId: before.roleId, disabled: before.disabled },
        { roleId: after.roleId, disabled: after.disabled },
      );
      return after;
    });
  }

  async #audit(
    q: Queryable,
    actor: Operator,
    action: string,
    target: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    await this.d.audit.record(q, { actor: actor.userName, action, target, before, after });
  }
}
