import { App, Button } from 'antd';
import { useState } from 'react';
import type { AdminRouteName, RequestOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { downloadCsv } from '../api/csv-download';
import { useConsole } from '../session/console-context';
import { useCan } from './use-admin-query';

/**
 * 导出 CSV with the list's current filters: the server streams it (at most 50,000 rows,
 * audited; docs/contract.md "Operator console"). Shown only to an operator who may export.
 */
export function ExportButton<K extends AdminRouteName>(props: {
  route: K;
  req: RequestOf<K>;
  fileName: string;
  label?: string;
}) {
  const { session } = useConsole();
  const { message } = App.useApp();
  const can = useCan(props.route);
  const [busy, setBusy] = useState(false);
  if (!can) return null;
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(props.route, props.req, session?.token ?? null, props.fileName);
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void run()} loading={busy}>
      {props.label ?? '导出 CSV'}
    </Button>
  );
}
