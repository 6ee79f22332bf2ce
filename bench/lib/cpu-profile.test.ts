import { describe, expect, it } from 'vitest';
import { ownerOf, summarizeProfile, type CpuProfile } from './cpu-profile';

const frame = (functionName: string, url = '', lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
});

/** root → handler (ours) → hmac (a package); root → (idle). */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 4] },
    { id: 2, callFrame: frame('handler', 'file:///r/apps/server/src/a.ts', 9), children: [3] },
    { id: 3, callFrame: frame('hmac', 'file:///r/node_modules/@noble/hashes/hmac.js', 0) },
    { id: 4, callFrame: frame('(idle)') },
  ],
  startTime: 0,
  endTime: 4000,
  samples: [2, 3, 3, 4],
  timeDeltas: [1000, 1000, 1000, 1000],
};

describe('summarizeProfile', () => {
  it('splits self time by function and owner and counts callers inclusively', () => {
    const s = summarizeProfile(profile);
    expect(s.totalMs).toBe(4);
    expect(s.idle).toBe(0.25);
    expect(s.selfByFunction[0]).toEqual({
      name: 'hmac node_modules/@noble/hashes/hmac.js:1',
      share: 0.5,
    });
    expect(s.selfByOwner.map((l) => [l.name, l.share])).toEqual([
      ['pkg:@noble/hashes', 0.5],
      ['apps/server', 0.25],
      ['((idle))', 0.25],
    ]);
    const handler = s.inclusiveByFunction.find((l) => l.name.startsWith('handler'));
    expect(handler?.share).toBe(0.75);
  });
  it('names owners: packages, our apps, node internals', () => {
    expect(ownerOf('file:///x/node_modules/fastify/lib/reply.js', 'send')).toBe('pkg:fastify');
    expect(ownerOf('file:///x/packages/protocol/src/a.ts', 'f')).toBe('packages/protocol');
    expect(ownerOf('node:internal/streams/writable', 'write')).toBe('node:internal/streams');
    expect(ownerOf('', 'writev')).toBe('(writev)');
  });
});
