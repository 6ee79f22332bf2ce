import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ONLINE_DEPOSIT_CHANNELS, parseMoney, SandboxCallbackBody } from '@nebula/protocol';
import type { CallbackHeaders, GatewayCallback, PaymentGateway } from './payment-gateway';

/** Delivers a callback to the platform and returns the platform's answer text. */
export type CallbackDelivery = (rawBody: string, signature: string) => Promise<string>;

/** The online channel types the sandbox pays when it is enabled. */
/** The sandbox stands in for every online channel's gateway. */
export const SANDBOX_CHANNEL_TYPES = ONLINE_DEPOSIT_CHANNELS;

export function sandboxSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

export function verifySandboxSignature(
  secret: string,
  rawBody: string,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(
    Buffer.from(sandboxSignature(secret, rawBody), 'hex'),
    Buffer.from(signature, 'hex'),
  );
}

/**
 * The built-in sandbox payment gateway (contract §5): behaves like a real one — when the member
 * pays on its page it sends the platform a callback signed with X-Sandbox-Signature (hex
 * HMAC-SHA256 of the raw body) and retries until it hears "success".
 */
export class SandboxGateway implements PaymentGateway {
  readonly id = 'sandbox';
  #deliver: CallbackDelivery | null = null;

  constructor(private readonly secret: string) {}

  /** Where callbacks go (the platform's own callback route). */
  connect(deliver: CallbackDelivery): void {
    this.#deliver = deliver;
  }

  /** The sandbox's hosted pay page (the member site's /pay/sandbox route). */
  createPayment(order: { orderId: string }): Promise<{ payUrl: string }> {
    return Promise.resolve({ payUrl: `/pay/sandbox/${order.orderId}` });
  }

  verifyCallback(rawBody: string, headers: CallbackHeaders): boolean {
    const signature = headers['x-sandbox-signature'];
    return verifySandboxSignature(
      this.secret,
      rawBody,
      typeof signature === 'string' ? signature : undefined,
    );
  }

  parseCallback(rawBody: string): GatewayCallback | null {
    try {
      const body = SandboxCallbackBody.parse(JSON.parse(rawBody));
      return {
        orderId: body.orderId,
        status: body.status,
        amount: parseMoney(body.amount),
        tradeNo: body.gatewayTradeNo,
        paidAt: body.paidAt,
      };
    } catch {
      return null;
    }
  }

  /** The pay button of the hosted page: the gateway calls the platform back, signed. */
  async pay(
    order: { orderId: string; amount: string },
    nowMs: number,
    attempts = 3,
  ): Promise<boolean> {
    const body: SandboxCallbackBody = {
      orderId: order.orderId,
      amount: order.amount,
      status: 'paid',
      gatewayTradeNo: `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
      paidAt: nowMs,
    };
    const raw = JSON.stringify(body);
    const signature = sandboxSignature(this.secret, raw);
    for (let i = 0; i < attempts; i += 1) {
      if (!this.#deliver) throw new Error('sandbox gateway is not connected');
      const answer = await this.#deliver(raw, signature).catch(() => '');
      if (answer === 'success') return true;
    }
    return false;
  }
}
