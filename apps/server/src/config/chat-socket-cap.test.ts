import { describe, expect, it } from 'vitest';
import {
  CHAT_FALLBACK_SOCKETS,
  CHAT_FILE_RESERVE,
  CHAT_MIN_SOCKETS,
  defaultChatMaxSockets,
  parseSoftOpenFiles,
  readSoftOpenFiles,
} from './chat-socket-cap';
import { ConfigError, loadConfig } from './config';

const LIMITS = [
  'Limit                     Soft Limit           Hard Limit           Units     ',
  'Max processes             127431               127431               processes ',
  'Max open files            20000                1048576              files     ',
  'Max locked memory         8388608              8388608              bytes     ',
].join('\n');

describe('CHAT_MAX_SOCKETS', () => {
  it('stops the start on a bad value and names the variable', () => {
    for (const bad of ['0', '-5', '1.5', 'many', '2000000'])
      expect(() => loadConfig({ CHAT_MAX_SOCKETS: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ CHAT_MAX_SOCKETS: 'many' })).toThrow(/CHAT_MAX_SOCKETS/);
  });

  it('takes an explicit value as it is', () => {
    expect(loadConfig({ CHAT_MAX_SOCKETS: '3' }).chatMaxSockets).toBe(3);
    expect(loadConfig({ CHAT_MAX_SOCKETS: '50000' }).chatMaxSockets).toBe(50_000);
  });

  it('defaults to this process’s soft open-files limit less the reserve', () => {
    expect(loadConfig({}).chatMaxSockets).toBe(defaultChatMaxSockets(readSoftOpenFiles()));
  });
});

describe('the default cap', () => {
  it('reads the soft limit, not the hard one', () => {
    expect(parseSoftOpenFiles(LIMITS)).toBe(20_000);
    expect(parseSoftOpenFiles('Max open files  unlimited  unlimited  files')).toBeNull();
    expect(parseSoftOpenFiles('')).toBeNull();
  });

  it('keeps the reserve below the limit, a floor on a small one, a fixed value when unknown', () => {
    expect(defaultChatMaxSockets(20_000)).toBe(20_000 - CHAT_FILE_RESERVE);
    expect(defaultChatMaxSockets(1_024)).toBe(CHAT_MIN_SOCKETS);
    expect(defaultChatMaxSockets(null)).toBe(CHAT_FALLBACK_SOCKETS);
  });
});
