import { describe, expect, it } from 'vitest';
import { SESSION_LOG_MESSAGE, validateSessionPayload } from './session-cookie.ts';

describe('session payload shape', () => {
  it('accepts the spec shape with optional user fields', () => {
    const result = validateSessionPayload({
      proffs_stores: ['1'],
      stores: [{ external_id: '1' }],
      user_id: 3,
      session_id: 'a-random-id',
      username: 'anna',
      name: 'Anna',
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        proffs_stores: ['1'],
        stores: [{ external_id: '1' }],
        user_id: 3,
        session_id: 'a-random-id',
        username: 'anna',
        name: 'Anna',
      },
    });
  });

  it('names what is wrong', () => {
    expect(validateSessionPayload(null)).toEqual({ ok: false, reason: 'payload is not an object' });
    expect(validateSessionPayload({ proffs_stores: [], stores: {} })).toMatchObject({ ok: false });
    expect(validateSessionPayload({ proffs_stores: [], stores: [], user_id: 1.5 })).toEqual({
      ok: false,
      reason: 'user_id must be an integer or a string',
    });
    expect(validateSessionPayload({ proffs_stores: [], stores: [], session_id: 7 })).toEqual({
      ok: false,
      reason: 'session_id must be a string',
    });
    expect(validateSessionPayload({ proffs_stores: [], stores: [], name: 5 })).toEqual({
      ok: false,
      reason: 'name must be a string',
    });
  });

  it('uses the literal log message of the spec', () => {
    expect(SESSION_LOG_MESSAGE).toBe('Problem parsing Session cookie:');
  });
});
