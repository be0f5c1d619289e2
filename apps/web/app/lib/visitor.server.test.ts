// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeSession } from '@bygg/domain/session-cookie.server';
import { readVisitor } from './visitor.server.ts';
import { DEV_SESSION_SECRET } from '@bygg/contracts/cookies';

const SECRET = DEV_SESSION_SECRET;

function requestWith(cookie: string): Request {
  return new Request('http://localhost/', { headers: { cookie } });
}

describe('readVisitor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads mode, store and consent cookies with the values the spec gives them', () => {
    const visitor = readVisitor(
      requestWith('bygg_mode=B2B; bygg_store=42; bygg_consent=true; bygg_marketing=false'),
      SECRET,
    );
    expect(visitor).toMatchObject({
      modeCookie: 'B2B',
      storeId: 42,
      consent: true,
      marketingConsent: false,
      session: null,
    });
  });

  it('counts cookies with values outside their schema as not set', () => {
    const visitor = readVisitor(
      requestWith('bygg_mode=b2b; bygg_store=-1; bygg_consent=yes'),
      SECRET,
    );
    expect(visitor).toMatchObject({ modeCookie: null, storeId: null, consent: null });
  });

  it('decodes a session signed with the shared secret on the server', () => {
    const token = encodeSession(
      { proffs_stores: ['S01'], stores: [{ external_id: 'S01' }] },
      SECRET,
    );
    const visitor = readVisitor(requestWith(`sessionid=${token}`), SECRET);
    expect(visitor.session?.proffs_stores).toEqual(['S01']);
  });

  it("gives no session and logs 'Problem parsing Session cookie:' for a tampered cookie", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const token = encodeSession(
      { proffs_stores: [], stores: [] },
      'another-secret-of-enough-length!!',
    );
    const visitor = readVisitor(requestWith(`sessionid=${token}`), SECRET);
    expect(visitor.session).toBeNull();
    expect(warn).toHaveBeenCalledWith('Problem parsing Session cookie:', expect.any(String));
  });

  it('gives no session for malformed cookie text', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readVisitor(requestWith('sessionid=.not-a-token'), SECRET).session).toBeNull();
  });
});
