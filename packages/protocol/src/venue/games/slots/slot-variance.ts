import { lineWinOf } from './slot-engine';
import { REELS, ROWS, symbolOf, type ParSheet } from './par-sheet';

/**
 * A par sheet's spread, exactly (docs/contract.md §10.13): the standard deviation of what one
 * paid spin and its whole feature return per unit of total bet, and the volatility index
 * (1.645 × SD, the 90 % one-sided band). No simulation: the five reels' windows are independent
 * (each stop equally likely), so the screen is walked reel by reel with every line's partial
 * run as the state — lines whose run has ended add their pay to the state's first and second
 * moments, so states merge and the walk stays small. The feature's spins are independent
 * screens on the free strips; its total's moments follow the awarded count under the cap
 * (retriggers included), and given the base screen's scatters it is independent of the base.
 * The max-win guard is ignored: the par sheets make it unreachable (slot-calculator proves it).
 */

/** Per scatter class of a screen (0–2 scatters, 3, 4, 5+): probability and pay moments. */
interface ClassMoments {
  p: number;
  /** E[pay · 1{class}] and E[pay² · 1{class}], in line-bet units, multiplier applied. */
  m1: number;
  m2: number;
  /** Free spins the class awards. */
  award: number;
}

interface Walk {
  q: number;
  m1: number;
  m2: number;
}

/**
 * One line's run as a small automaton: a state is the run so far — all wilds (`A{n}`), or `w`
 * wilds then target `t` with run `n` — interned as a number; a symbol moves it on, or ends the
 * run with the engine's pay for it (lineWinOf on the prefix).
 */
class LineRuns {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly moves = new Map<number, [number, number]>();
  constructor(
    private readonly p: ParSheet,
    private readonly wild = symbolOf(p, 'wild'),
    private readonly scatter = symbolOf(p, 'scatter'),
  ) {}

  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }

  /** [next state, 0] while the run goes on, or [-1, pay] when it is over. */
  move(state: number, symbol: number, symbols: readonly string[]): [number, number] {
    const key = state * 1024 + symbol;
    let m = this.moves.get(key);
    if (!m) {
      m = this.compute(this.names[state]!, symbols[symbol]!);
      this.moves.set(key, m);
    }
    return m;
  }

  private compute(name: string, s: string): [number, number] {
    const { wild, scatter } = this;
    const prefix = this.symbols(name);
    if (name.startsWith('A')) {
      const n = prefix.length;
      if (s === wild) return [this.id(`A${n + 1}`), 0];
      // The first non-wild symbol is the target; a scatter ends the mixed run at once.
      if (s === scatter) return [-1, this.pay([...prefix, s])];
      return [this.id(`${n}:${s}:${n + 1}`), 0];
    }
    const [w, t, n] = name.split(':') as [string, string, string];
    if (s === t || s === wild) return [this.id(`${w}:${t}:${Number(n) + 1}`), 0];
    return [-1, this.pay([...prefix, s])];
  }

  symbols(name: string): string[] {
    if (name.startsWith('A')) return Array<string>(Number(name.slice(1))).fill(this.wild);
    const [w, t, n] = name.split(':') as [string, string, string];
    return [
      ...Array<string>(Number(w)).fill(this.wild),
      ...Array<string>(Number(n) - Number(w)).fill(t),
    ];
  }

  /** What a line pays once its run is over (or at reel 5): the engine's own rule. */
  pay(prefix: readonly string[]): number {
    // A symbol that pays nothing and matches nothing fills the reels after the run's end.
    const five = [...prefix, ...Array<string>(REELS).fill('\u0000')].slice(0, REELS);
    return lineWinOf(this.p, five)?.pay ?? 0;
  }

  finalPay(state: number): number {
    return this.pay(this.symbols(this.names[state]!));
  }
}

/** Each reel's distinct windows (top to bottom) with their probabilities. */
function columnsOf(strips: readonly string[][]): [string[], number][][] {
  return strips.map((strip) => {
    const m = new Map<string, [string[], number]>();
    for (let s = 0; s < strip.length; s++) {
      const col = Array.from({ length: ROWS }, (_, row) => strip[(s + row) % strip.length]!);
      const key = col.join(',');
      const hit = m.get(key);
      if (hit) hit[1] += 1 / strip.length;
      else m.set(key, [col, 1 / strip.length]);
    }
    return [...m.values()];
  });
}

/** One screen's pay moments per scatter class, over every stop of the five reels. */
export function screenMoments(
  p: ParSheet,
  strips: readonly string[][],
  multiplier: number,
): ClassMoments[] {
  const scatter = symbolOf(p, 'scatter');
  const symbols = p.symbols.map((x) => x.id);
  const index = new Map(symbols.map((x, i) => [x, i]));
  const runs = new LineRuns(p);
  const L = p.lines.length;
  // Per reel: each distinct window as, per line, the symbol index it shows, and its scatters.
  const columns = columnsOf(strips).map((cols, r) =>
    cols.map(([col, w]) => ({
      w,
      perLine: p.lines.map((rows) => index.get(col[rows[r]!]!)!),
      scatters: col.filter((x) => x === scatter).length,
    })),
  );
  // A state's key: per line its run's id + 1 (0 once over), then the scatters so far (≤ 5).
  const start = runs.id('A0') + 1;
  let states = new Map<string, Walk>([
    [String.fromCharCode(...Array<number>(L).fill(start), 0), { q: 1, m1: 0, m2: 0 }],
  ]);
  const codes = new Array<number>(L + 1);
  for (let r = 0; r < REELS; r++) {
    const next = new Map<string, Walk>();
    for (const [key, walk] of states) {
      const k = key.charCodeAt(L);
      for (const col of columns[r]!) {
        let d = 0;
        for (let l = 0; l < L; l++) {
          const st = key.charCodeAt(l);
          if (st === 0) {
            codes[l] = 0;
            continue;
          }
          const [to, pay] = runs.move(st - 1, col.perLine[l]!, symbols);
          codes[l] = to + 1;
          d += pay;
        }
        codes[L] = Math.min(5, k + col.scatters);
        const nk = String.fromCharCode(...codes);
        const m1 = (walk.m1 + walk.q * d) * col.w;
        const m2 = (walk.m2 + 2 * d * walk.m1 + walk.q * d * d) * col.w;
        const had = next.get(nk);
        if (had) {
          had.q += walk.q * col.w;
          had.m1 += m1;
          had.m2 += m2;
        } else next.set(nk, { q: walk.q * col.w, m1, m2 });
      }
    }
    states = next;
  }
  const classes: ClassMoments[] = [0, 3, 4, 5].map((k) => ({
    p: 0,
    m1: 0,
    m2: 0,
    award: k >= 3 ? p.scatter.freeSpins[k - 3]! : 0,
  }));
  for (const [key, walk] of states) {
    const k = key.charCodeAt(L);
    let c = k >= 3 ? p.scatter.pays[k - 3]! * L : 0;
    for (let l = 0; l < L; l++) {
      const st = key.charCodeAt(l);
      if (st !== 0) c += runs.finalPay(st - 1);
    }
    c *= multiplier;
    const m1 = walk.m1 * multiplier;
    const m2 = walk.m2 * multiplier * multiplier;
    const cls = classes[k >= 3 ? k - 2 : 0]!;
    cls.p += walk.q;
    cls.m1 += m1 + walk.q * c;
    cls.m2 += m2 + 2 * c * m1 + walk.q * c * c;
  }
  return classes;
}

/** E[F] and E[F²] of a feature that starts with `start` spins (line-bet units). */
export function featureMoments(
  p: ParSheet,
  start: number,
  free: readonly ClassMoments[],
): [number, number] {
  const cap = p.maxFreeSpins;
  let dist = new Map<number, Walk>([[Math.min(start, cap), { q: 1, m1: 0, m2: 0 }]]);
  for (let j = 1; j <= cap; j++) {
    const next = new Map<number, Walk>();
    const add = (t: number, w: Walk) => {
      const had = next.get(t) ?? { q: 0, m1: 0, m2: 0 };
      next.set(t, { q: had.q + w.q, m1: had.m1 + w.m1, m2: had.m2 + w.m2 });
    };
    for (const [t, w] of dist) {
      if (t < j) {
        add(t, w);
        continue;
      }
      for (const c of free) {
        add(Math.min(t + c.award, cap), {
          q: w.q * c.p,
          m1: w.m1 * c.p + w.q * c.m1,
          m2: w.m2 * c.p + 2 * w.m1 * c.m1 + w.q * c.m2,
        });
      }
    }
    dist = next;
  }
  let m1 = 0;
  let m2 = 0;
  for (const w of dist.values()) {
    m1 += w.m1;
    m2 += w.m2;
  }
  return [m1, m2];
}

export interface SlotSpread {
  /** E[return] per unit of total bet (equals the calculator's RTP). */
  mean: number;
  /** Standard deviation of one paid spin's return (with its feature) per unit of total bet. */
  sd: number;
  /** 1.645 × SD. */
  volatilityIndex: number;
}

export function slotSpread(p: ParSheet): SlotSpread {
  const base = screenMoments(p, p.reels.base, 1);
  const free = screenMoments(p, p.reels.free, p.freeMultiplier);
  let e1 = 0;
  let e2 = 0;
  for (const c of base) {
    const [f1, f2] = c.award > 0 ? featureMoments(p, c.award, free) : [0, 0];
    e1 += c.m1 + c.p * f1;
    e2 += c.m2 + 2 * c.m1 * f1 + c.p * f2;
  }
  const n = p.lines.length;
  const sd = Math.sqrt(Math.max(0, e2 - e1 * e1)) / n;
  return { mean: e1 / n, sd, volatilityIndex: 1.645 * sd };
}
