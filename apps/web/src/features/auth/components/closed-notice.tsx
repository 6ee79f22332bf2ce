import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { CsLink } from '../../../components/ui/cs-link';

/** Login or registration closed by the site (pre-info stopLogin / stopRegister, 6042 / 6043). */
export function ClosedNotice({
  title,
  text,
  action,
  onAction,
}: {
  title: string;
  text: string;
  action?: ReactNode;
  onAction?: () => void;
}) {
  return (
    <section className="nb-card nb-auth__closed" role="status">
      <img
        src="/static/maintenance.svg"
        alt=""
        width={140}
        height={112}
        className="nb-auth__closed-art"
      />
      <h2>{title}</h2>
      <p>{text}</p>
      {action && (
        <Button color="primary" shape="rounded" onClick={onAction}>
          {action}
        </Button>
      )}
      <CsLink />
    </section>
  );
}
