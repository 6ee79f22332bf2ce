/** The parts of a V8 `.cpuprofile` (what `node --cpu-prof` writes) this summary reads. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
    children?: number[];
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  name: string;
  /** Share of all samples, 0..1. */
  share: number;
}

export interface ProfileSummary {
  /** Sampled time in ms. */
  totalMs: number;
  /** Share of samples in which the thread was idle (waiting for I/O). */
  idle: number;
  /** Self time per function (`name file:line`), largest first. */
  selfByFunction: ProfileLine[];
  /** Self time per owner: a package, the server's own files, node internals, GC. */
  selfByOwner: ProfileLine[];
  /** Time with the function anywhere on the stack, per function, largest first. */
  inclusiveByFunction: ProfileLine[];
}

/** Who owns a frame: `pkg:<name>` for node_modules, the repo path for ours, or V8's tag. */
export function ownerOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return `pkg:${nm[1]}`;
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const ours = /\/(apps\/[^/]+|packages\/[^/]+)\//.exec(url);
  return ours ? ours[1]! : url;
}

function frameName(f: CpuProfile['nodes'][number]['callFrame']): string {
  if (!f.url) return `(${f.functionName || 'anonymous'})`;
  const file = f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
}

function top(counts: Map<string, number>, total: number, n: number): ProfileLine[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, c]) => ({ name, share: c / total }));
}

/**
 * Where the samples of a profile went. Idle samples count in the total (so shares are of wall
 * time on the thread) and are reported apart.
 */
export function summarizeProfile(profile: CpuProfile, n = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const self = new Map<string, number>();
  const owners = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let idle = 0;
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node) continue;
    const f = node.callFrame;
    if (f.functionName === '(idle)') idle += 1;
    const name = frameName(f);
    self.set(name, (self.get(name) ?? 0) + 1);
    const owner = ownerOf(f.url, f.functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + 1);
    // A recursive function is counted once per sample.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName === '(root)') break;
      seen.add(frameName(frame));
    }
    for (const s of seen) inclusive.set(s, (inclusive.get(s) ?? 0) + 1);
  }
  const total = Math.max(1, profile.samples.length);
  return {
    totalMs: (profile.endTime - profile.startTime) / 1000,
    idle: idle / total,
    selfByFunction: top(self, total, n),
    selfByOwner: top(owners, total, n),
    inclusiveByFunction: top(inclusive, total, n),
  };
}
