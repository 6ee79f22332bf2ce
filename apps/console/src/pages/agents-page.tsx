import { Tabs } from 'antd';
import { PageHeader } from '../components/page-header';
import { useCan } from '../components/use-admin-query';
import { AgentApplicationsPanel } from './agent-applications-panel';
import { AgentDownlinePanel } from './agent-downline-panel';
import { AgentRulesPanel } from './agent-rules-panel';
import { AgentStatementsPanel } from './agent-statements-panel';

/** 代理: applications, monthly commission statements, the rules and the downline (contract §5 Agents). */
export function Page() {
  const canApplications = useCan('adminAgentApplications');
  const canStatements = useCan('adminAgentStatements');
  const canRules = useCan('adminAgentRules');
  const canDownline = useCan('adminAgentDownline');
  const items = [
    canApplications && {
      key: 'applications',
      label: '代理申请',
      children: <AgentApplicationsPanel />,
    },
    canStatements && { key: 'statements', label: '佣金报表', children: <AgentStatementsPanel /> },
    canRules && { key: 'rules', label: '佣金规则与上级', children: <AgentRulesPanel /> },
    canDownline && { key: 'downline', label: '下线', children: <AgentDownlinePanel /> },
  ].filter((i) => i !== false);
  return (
    <>
      <PageHeader title="代理" />
      <Tabs items={items} destroyOnHidden />
    </>
  );
}
