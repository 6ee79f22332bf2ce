import { describe, expect, it } from 'vitest';
import { local, setCookie } from '../lib/storage';
import { readInitialToken } from './token-sources';

describe('readInitialToken (contract §8.3 order)', () => {
  it('prefers the cookie, then the URL, then localStorage', () => {
    expect(readInitialToken('')).toBeNull();
    local.set('X-API-TOKEN', 'from-storage');
    expect(readInitialToken('')).toEqual({ token: 'from-storage', source: 'storage' });
    expect(readInitialToken('?appdown-token=from-app')).toEqual({
      token: 'from-app',
      source: 'url',
    });
    expect(readInitialToken('?token=from-url&appdown-token=x')).toEqual({
      token: 'from-url',
      source: 'url',
    });
    setCookie('X-API-TOKEN', 'from-cookie');
    expect(readInitialToken('?token=from-url')).toEqual({ token: 'from-cookie', source: 'cookie' });
  });
});
