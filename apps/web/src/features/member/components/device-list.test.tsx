import type { TrustedDevice } from '@nebula/protocol/api/member/member.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { DeviceList } from './device-list';

const device: TrustedDevice = {
  deviceId: 'dev-1',
  label: 'iOS 设备',
  current: true,
  firstSeenAt: Date.UTC(2026, 0, 1),
  lastSeenAt: Date.UTC(2026, 0, 2),
  lastIp: '198.51.100.7',
  terminal: null,
};

function renderList(devices: TrustedDevice[]) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeviceList devices={devices} />
    </QueryClientProvider>,
  );
}

describe('trusted devices', () => {
  it("shows each device's latest terminal report: browser, screen and fingerprint", () => {
    renderList([
      {
        ...device,
        terminal: {
          fingerprint: '1a2b3c4d',
          screen: '390x844',
          userAgent:
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1',
          reportedAt: Date.UTC(2026, 0, 2),
        },
      },
    ]);
    expect(screen.getByText('iPhone · Safari · 屏幕 390x844 · 指纹 1a2b3c4d')).toBeTruthy();
  });

  it('says unknown for what the report left out, and nothing for a device that never reported', () => {
    renderList([
      {
        ...device,
        terminal: { fingerprint: '', screen: null, userAgent: 'curl/8', reportedAt: 1 },
      },
      { ...device, deviceId: 'dev-2', current: false },
    ]);
    expect(screen.getByText('未知设备 · 屏幕 未知 · 指纹 未知')).toBeTruthy();
    expect(screen.getAllByText(/屏幕/)).toHaveLength(1);
  });
});
