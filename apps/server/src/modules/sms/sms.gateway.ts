import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { insertOutbox } from './sms.repository';

/** Where SMS messages go. A real provider plugs in here; codes are never logged. */
export interface SmsGateway {
  send(message: { phone: string; text: string; purpose: string }): Promise<void>;
}

/**
 * The built-in gateway: messages land in a dev outbox table that operators read in the back
 * office. Nothing is sent anywhere and nothing is written to the log.
 */
export class OutboxSmsGateway implements SmsGateway {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(message: { phone: string; text: string; purpose: string }): Promise<void> {
    await insertOutbox(this.db, { ...message, at: this.clock.now() });
  }
}
