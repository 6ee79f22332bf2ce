import type { TerminalReport, TrustedDevice } from '@nebula/protocol/api/member/member.schemas';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { confirmModal } from '../../../components/ui/modal.store';
import { describeError } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-time';
import { useDeviceRemove } from '../api/device-remove.mutation';
import { deviceName } from '@nebula/protocol/rules/device-name';

/** What the device last said about itself (launcher/webTerminal): browser, screen, fingerprint. */
function TerminalMeta({ terminal }: { terminal: TerminalReport }) {
  const { t } = useTranslation('member');
  const unknown = t('security.terminalUnknown');
  return (
    <p className="nb-devices__meta">
      {t('security.terminal', {
        agent: terminal.userAgent ? deviceName(terminal.userAgent) : unknown,
        screen: terminal.screen ?? unknown,
        // contract §8.2: a fingerprint that failed to compute is sent as ''.
        fingerprint:
          terminal.fingerprint === null || terminal.fingerprint === ''
            ? unknown
            : terminal.fingerprint,
      })}
    </p>
  );
}

/** Trusted devices, this one marked 本机, with what each last reported; removing one asks once. */
export function DeviceList({ devices }: { devices: TrustedDevice[] }) {
  const { t } = useTranslation('member');
  const { t: tc } = useTranslation();
  const remove = useDeviceRemove();

  const ask = async (device: TrustedDevice) => {
    const yes = await confirmModal({
      title: t('security.removeTitle'),
      content: device.current
        ? t('security.removeCurrent')
        : t('security.removeConfirm', { label: device.label }),
      confirmText: t('security.remove'),
      cancelText: tc('cancel'),
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(device.deviceId);
      Toast.show({ content: t('security.removed') });
    } catch (error) {
      Toast.show({ content: describeError(error).message });
    }
  };

  if (devices.length === 0) return <p className="nb-list-empty">{t('security.noDevices')}</p>;
  return (
    <ul className="nb-devices">
      {devices.map((device) => (
        <li key={device.deviceId} className="nb-devices__item">
          <div className="nb-devices__text">
            <p className="nb-devices__label">
              {device.label}
              {device.current && (
                <span className="nb-tag nb-tag--primary">{t('security.thisDevice')}</span>
              )}
            </p>
            <p className="nb-devices__meta">
              {t('security.lastSeen', {
                time: formatDateTime(device.lastSeenAt),
                ip: device.lastIp,
              })}
            </p>
            <p className="nb-devices__meta">
              {t('security.firstSeen', { time: formatDateTime(device.firstSeenAt) })}
            </p>
            {device.terminal && <TerminalMeta terminal={device.terminal} />}
          </div>
          <Button
            size="small"
            shape="rounded"
            fill="outline"
            color="danger"
            className="nb-devices__remove"
            aria-label={`${t('security.remove')} ${device.label}`}
            disabled={remove.isPending}
            onClick={() => void ask(device)}
          >
            {t('security.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
