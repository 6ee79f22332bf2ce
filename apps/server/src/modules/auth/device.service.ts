import { ErrorCode, type TrustedDevice } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import { AppError } from '../../lib/errors';
import * as devices from './device.repository';

/**
 * A member's devices as the security centre shows them. The auth module owns the devices table
 * (a login trusts a device, a device authorization proves one); other modules come through here.
 */
export class DeviceService {
  constructor(private readonly db: Db) {}

  async trusted(memberId: number, currentDeviceId: string): Promise<TrustedDevice[]> {
    return devices.readDevices(this.db, memberId, currentDeviceId);
  }

  /** Removes a trusted device: its next login is a risky one again. */
  async untrust(memberId: number, deviceId: string): Promise<void> {
    if (!(await devices.untrustDevice(this.db, memberId, deviceId)))
      throw new AppError(ErrorCode.DeviceNotFound);
  }
}
