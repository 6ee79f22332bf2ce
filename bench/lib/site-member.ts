import { createHash, randomBytes } from 'node:crypto';
import { ChatSocket } from './site-chat';
import { SiteClient, VenuePage, type Recorder } from './site-client';
import {
  EVERY_VISIT,
  MIN_ROUND_MARGIN_MS,
  onTurn,
  type VisitModel,
  type VisitStep,
} from './site-pace';

/** A member made before timing: registered, verified, with a fund password and a payout account. */
export interface SiteMemberCredentials {
  userName: string;
  password: string;
  accountId: number;
  memberId: number;
  /** Which platform node this member's device talks to (index into the node list). */
  node: number;
  /** The address the member's calls come from (memberAddress in bench/lib/site-client.ts). */
  address: string;
}

export const FUND_PASSWORD = '135790';
/** The sportsbook the loop bets on (the FBTY dialect: prefix /v1, success 0). */
const BOOK = { code: 'FBTY', prefix: '/v1' };
/** The house game venues (contract §10.11) with the game each session plays there. */
const GAMES = ['XYCP', 'XYDZ', 'XYZR'] as const;
const key = () => randomBytes(12).toString('hex');

interface LaunchResult {
  url: string;
}
interface EventView {
  eventId: string;
  markets: { suspended: boolean; selections: { selectionId: string; oddsMilli: number }[] }[];
}

/**
 * One member on the site: their device, their chat socket (bench/lib/site-chat.ts), and the
 * session loop (what a member does on a visit, in the order the pages do it).
 */
export class SiteMember {
  readonly client: SiteClient;
  readonly venue: VenuePage;
  readonly chat: ChatSocket;

  constructor(
    readonly creds: SiteMemberCredentials,
    nodeUrl: string,
    venueUrl: string,
    signKey: string,
    private readonly record: Recorder,
    /** How long a round must still be open after its listing to bet on it (site-pace.ts). */
    private readonly roundMargin: (call: string) => number = () => MIN_ROUND_MARGIN_MS,
  ) {
    this.client = new SiteClient(nodeUrl, signKey, record, creds.address);
    this.venue = new VenuePage(venueUrl, record, creds.address);
    this.chat = new ChatSocket(this.client, creds.memberId, creds.node, record);
  }

  async login(): Promise<void> {
    this.client.token = null;
    const r = await this.client.data<{ token: string }>('login', {
      body: { userName: this.creds.userName, password: this.creds.password },
    });
    this.client.token = r.token;
  }

  /** Opens the chat as the page does after a login (a new login ends the last socket). */
  openChat(): Promise<void> {
    return this.chat.open();
  }

  closeChat(): void {
    this.chat.close();
  }

  async #launch(venueCode: string, gameCode?: string): Promise<string> {
    const l = await this.client.data<LaunchResult>(
      'venueLaunch',
      {
        body: {
          enName: venueCode,
          isPreload: false,
          isManualLaunch: true,
          ...(gameCode ? { gameCode } : {}),
        },
      },
      `venueLaunch(${venueCode})`,
    );
    return this.venue.enter(l.url);
  }

  async #transferIn(venueCode: string, amount: string): Promise<void> {
    const r = await this.client.data<{ status: string }>(
      'transferOrder',
      { body: { venueCode, direction: 'in', amount }, keyed: true },
      'transferOrder(in)',
    );
    if (r.status !== 'succeeded') throw new Error(`transfer in ${r.status}`);
  }

  /** The sportsbook as three page steps: in (transfer, launch), the events read, a bet placed. */
  #sportsbook(): VisitStep[] {
    let s = '';
    let sel: { selectionId: string; oddsMilli: number } | undefined;
    return [
      async () => {
        await this.#transferIn(BOOK.code, '20.00');
        s = await this.#launch(BOOK.code);
      },
      async () => {
        const list = await this.venue.call<{ events: EventView[] }>(
          'GET',
          `${BOOK.prefix}/events?tab=early`,
          s,
          undefined,
          'sportsbook.events',
        );
        const ev = list.events.find((e) => e.markets.some((m) => !m.suspended));
        sel = ev?.markets.find((m) => !m.suspended)?.selections[0];
        if (!sel) throw new Error('no open market');
      },
      async () => {
        await this.venue.call(
          'POST',
          `${BOOK.prefix}/bet/place`,
          s,
          {
            requestKey: key(),
            legs: [{ selectionId: sel!.selectionId, oddsMilli: sel!.oddsMilli }],
            stake: '10.00',
            oddsPolicy: 'any',
          },
          'sportsbook.place',
        );
        await this.venue.call(
          'POST',
          `${BOOK.prefix}/bets`,
          s,
          { settled: false },
          'sportsbook.bets',
        );
      },
    ];
  }

  /** One of the house games, in turn: 快3 大, a slot spin, a baccarat hand on 庄. */
  async #houseGame(turn: number): Promise<void> {
    const venueCode = GAMES[turn % GAMES.length]!;
    await this.#transferIn(venueCode, '20.00');
    if (venueCode === 'XYCP') {
      const s = await this.#launch(venueCode, 'JSK3');
      const list = await this.venue.call<{
        serverTime: number;
        games: {
          gameCode: string;
          current: { roundNo: string; status: string; sealAt: number } | null;
        }[];
      }>('GET', '/h5/api/games', s, undefined, 'lottery.games');
      const r = list.games.find((g) => g.gameCode === 'JSK3')?.current;
      // A round sealing before the bet could land is skipped, as a member would let it go.
      const margin = this.roundMargin('lottery.place');
      if (!r || r.status !== 'open' || r.sealAt - list.serverTime < margin) return;
      await this.venue.call(
        'POST',
        '/h5/api/games/JSK3/bets',
        s,
        {
          requestKey: key(),
          roundNo: r.roundNo,
          multiple: 5,
          unitPrice: '2.00',
          picks: [{ betType: turn % 2 ? 'big' : 'small', pick: '' }],
        },
        'lottery.place',
      );
    } else if (venueCode === 'XYDZ') {
      const s = await this.#launch(venueCode);
      await this.venue.call(
        'POST',
        '/h5/api/games/slots/spins',
        s,
        {
          requestKey: key(),
          gameCode: 'FXGZ',
          lineBet: '0.10',
        },
        'slots.spin',
      );
    } else {
      const s = await this.#launch(venueCode);
      const list = await this.venue.call<{
        serverTime: number;
        tables: {
          code: string;
          kind: string;
          round: { roundNo: string; state: string; bettingEndsAt: number } | null;
        }[];
      }>('GET', '/h5/api/tables', s, undefined, 'tables.list');
      const margin = this.roundMargin('tables.place');
      const t = list.tables.find(
        (x) =>
          x.kind === 'baccarat' &&
          x.round?.state === 'betting' &&
          x.round.bettingEndsAt - list.serverTime > margin,
      );
      if (!t) return;
      await this.venue.call(
        'POST',
        `/h5/api/tables/${t.code}/bets`,
        s,
        {
          requestKey: key(),
          roundNo: t.round!.roundNo,
          bets: [{ zone: 'banker', amount: '10.00' }],
        },
        'tables.place',
      );
    }
  }

  /**
   * One visit as its page steps, in the order the pages do them: log in to the home page's data
   * and balances; the deposit form; the payment; into the sportsbook, its events, a bet; one
   * house game and bet; the records; the chat (every `chatEvery`th visit); everything back out
   * to the wallet; a withdrawal. The driver thinks between steps (bench/lib/site-pace.ts).
   */
  visit(turn: number, chatEvery: number, model: VisitModel = EVERY_VISIT): VisitStep[] {
    const c = this.client;
    let orderId = '';
    const cashier = onTurn(turn, model.cashierEvery);
    const login = !c.token || onTurn(turn, model.loginEvery);
    const steps: VisitStep[] = [
      async () => {
        if (login) await this.login();
        await Promise.all([
          this.openChat(),
          c.data('memberInfo', {
            body: { withLockMoney: 1 },
            // What the site sends with it: sha-256 of the lower-cased user name (contract §2).
            headers: {
              'x-user-hash': createHash('sha256')
                .update(this.creds.userName.toLowerCase())
                .digest('hex'),
            },
          }),
          c.data('venueList'),
          c.data('noticeList', { body: { category: 1 } }),
          c.data('stationAdList'),
          c.data('walletBalances'),
        ]);
      },
    ];
    if (cashier) {
      steps.push(
        async () => {
          const order = await c.data<{ orderId: string }>('depositOrder', {
            body: { channelId: 'alipay', amount: '100' },
            keyed: true,
          });
          orderId = order.orderId;
        },
        async () => {
          await c.data('sandboxPay', { params: { orderId }, body: {}, keyed: true });
        },
      );
    }
    steps.push(
      ...this.#sportsbook(),
      () => this.#houseGame(turn),
      async () => {
        await Promise.all([
          c.data('bets', { query: { pageSize: 20 } }),
          c.data('records', { query: { pageSize: 20 } }),
          c.data('chatHistory', { body: { roomId: 1, limit: 20 } }),
        ]);
      },
    );
    if (chatEvery > 0 && turn % chatEvery === 0) steps.push(() => this.chat.say());
    steps.push(async () => {
      this.closeChat();
      await c.data('transferRecall', { body: {}, keyed: true });
      await c.data('walletBalances');
    });
    const withdraw = {
      accountId: this.creds.accountId,
      amount: '100',
      fundPassword: FUND_PASSWORD,
    };
    if (cashier) steps.push(() => c.data<void>('withdrawOrder', { body: withdraw, keyed: true }));
    return steps;
  }
}
