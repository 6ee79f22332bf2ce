import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import { OperatorAuth } from './operator-auth.service';

const token = 'x'.repeat(40);
const auth = new OperatorAuth([{ name: 'platform', role: 'admin', token }]);

describe('operator auth: a platform calling for its console operator', () => {
  it('names both in the audit: the token’s operator and the console’s', () => {
    expect(auth.verify(token, 'trader', 'alice_01').name).toBe('platform/alice_01');
    expect(auth.verify(token, 'trader').name).toBe('platform');
  });

  it('refuses a malformed name (no forged separators or control characters in the audit)', () => {
    for (const bad of ['', 'a/b', 'a b', 'x'.repeat(65), ['alice'], 'a\nb']) {
      expect(() => auth.verify(token, 'viewer', bad)).toThrow(
        expect.objectContaining({ code: ErrorCode.VenueRequestInvalid }),
      );
    }
  });

  it('checks the token before the name: an unknown token is 8041 whatever the name', () => {
    expect(() => auth.verify('y'.repeat(40), 'viewer', 'alice')).toThrow(
      expect.objectContaining({ code: ErrorCode.VenueOperatorUnauthorized }),
    );
  });
});
