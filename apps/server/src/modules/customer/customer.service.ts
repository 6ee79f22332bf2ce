import type { CsChannel, CustomerService, DownloadInfo } from '@nebula/protocol';
import type { SettingsService } from '../settings/settings.service';
import type { CsChannelSetting } from '../settings/settings.schema';

function channel(c: CsChannelSetting): CsChannel {
  return { kind: c.kind, account: c.account, link: c.link, qr: c.qr, note: c.note };
}

/**
 * Customer service and the download page: both are site settings an operator changes at run
 * time (`csUrl`, `csBackupUrl`, `csOpenMode`, `csChannels`, `csHours`, `appIosUrl`,
 * `appAndroidUrl`, `addresses`), answered from the node's cached settings.
 */
export class CustomerDeskService {
  constructor(private readonly settings: SettingsService) {}

  async customerService(): Promise<CustomerService> {
    const s = await this.settings.get();
    return {
      main: {
        url: s.csUrl,
        openMode: s.csOpenMode,
        channels: s.csChannels.filter((c) => !c.backup).map(channel),
      },
      backup: {
        url: s.csBackupUrl,
        openMode: s.csOpenMode,
        channels: s.csChannels.filter((c) => c.backup).map(channel),
      },
      hours: s.csHours,
    };
  }

  async downloadInfo(): Promise<DownloadInfo> {
    const s = await this.settings.get();
    return { addresses: s.addresses, iosUrl: s.appIosUrl, androidUrl: s.appAndroidUrl };
  }
}
