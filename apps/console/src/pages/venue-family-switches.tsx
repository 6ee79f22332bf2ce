import { Card, Space, Switch } from 'antd';
import { useStepUpRetry } from '../components/step-up-retry';
import { useAdminQuery, useCan } from '../components/use-admin-query';
import { useConsole } from '../session/console-context';

type Family = 'TY' | 'ZR' | 'DJ' | 'CP' | 'QP' | 'DZ' | 'BY';
/** The registry's families (protocol venue/registry.ts) as the member site names them. */
export const FAMILY_OPTIONS: { value: Family; label: string }[] = [
  { value: 'TY', label: '体育' },
  { value: 'ZR', label: '真人' },
  { value: 'DJ', label: '电竞' },
  { value: 'CP', label: '彩票' },
  { value: 'QP', label: '棋牌' },
  { value: 'DZ', label: '电子' },
  { value: 'BY', label: '捕鱼' },
];

/**
 * The family switches: a whole family in maintenance (site setting `venueFamiliesMaintenance`,
 * launches and transfers refused for every venue of it). A settings change: `settings.write`
 * and a fresh `settings` step-up; shown only to an operator who may change settings.
 */
export function VenueFamilySwitches() {
  const can = useCan('adminSettingsUpdate');
  const { call } = useConsole();
  const settings = useAdminQuery('adminSettings', {});
  const stepUp = useStepUpRetry('adminSettingsUpdate');
  if (!can) return null;
  const raw = settings.data?.venueFamiliesMaintenance;
  const down = new Set(Array.isArray(raw) ? (raw as Family[]) : []);
  const set = (family: Family, on: boolean) => {
    const next = FAMILY_OPTIONS.map((f) => f.value).filter((f) =>
      f === family ? on : down.has(f),
    );
    void stepUp.run(() =>
      call('adminSettingsUpdate', { body: { venueFamiliesMaintenance: next } }),
    );
  };
  return (
    <Card title="类别维护" size="small" style={{ marginBottom: 16 }} loading={settings.isLoading}>
      <Space wrap size="large">
        {FAMILY_OPTIONS.map((f) => (
          <Space key={f.value}>
            {f.label}
            <Switch
              aria-label={`${f.label} 类别维护`}
              checked={down.has(f.value)}
              onChange={(on) => set(f.value, on)}
            />
          </Space>
        ))}
      </Space>
      {stepUp.dialog}
    </Card>
  );
}
