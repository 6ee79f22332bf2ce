/** A gateway's callback after its signature was checked: what really happened to a payment. */
export interface GatewayCallback {
  orderId: string;
  status: 'paid' | 'failed';
  /** What was really received, in fen (may differ from the order: it then goes to review). */
  amount: bigint;
  tradeNo: string;
  paidAt: number;
}

export type CallbackHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * A payment-gateway adapter for the online deposit channels (contract §5). The deposit service
 * knows gateways only through this interface; the built-in sandbox is one implementation.
 */
export interface PaymentGateway {
  /** Stored on each order it serves; a callback is only accepted for its own orders. */
  readonly id: string;
  /**
   * Opens the payment of a new order and says where the member pays. Runs inside the order's
   * transaction, so it must be quick: an adapter whose gateway needs a network round trip
   * should answer with its own redirect page and open the payment there.
   */
  createPayment(order: {
    orderId: string;
    amount: bigint;
    channelType: string;
  }): Promise<{ payUrl: string }>;
  /** Whether a callback really comes from the gateway (its signature over the raw body). */
  verifyCallback(rawBody: string, headers: CallbackHeaders): boolean;
  /** The facts of a verified callback, or null when the body is not a callback. */
  parseCallback(rawBody: string): GatewayCallback | null;
}

/** The gateways in service, each registered for the channel types it pays. */
export class PaymentGateways {
  readonly #byChannel = new Map<string, PaymentGateway>();
  readonly #byId = new Map<string, PaymentGateway>();

  register(gateway: PaymentGateway, channelTypes: readonly string[]): this {
    this.#byId.set(gateway.id, gateway);
    for (const type of channelTypes) this.#byChannel.set(type, gateway);
    return this;
  }

  forChannel(channelType: string): PaymentGateway | null {
    return this.#byChannel.get(channelType) ?? null;
  }

  byId(id: string): PaymentGateway | null {
    return this.#byId.get(id) ?? null;
  }
}
