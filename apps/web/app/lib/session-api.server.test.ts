// @vitest-environment node
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@bygg/contracts/common';
import { COOKIE_NAMES, CSRF_HEADER } from '@bygg/contracts/cookies';
import {
  logIn,
  logOut,
  PASSWORD_UNAVAILABLE_MESSAGE,
  requestPasswordReset,
  setUserPassword,
  TOO_MANY_ATTEMPTS_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from './session-api.server.ts';

// A real HTTP server in the API's place, answering login/ with the status a test sets.
let server: Server;
let status = 428;
let seen: IncomingHttpHeaders = {};

beforeAll(async () => {
  server = createServer((request, response) => {
    seen = request.headers;
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'från API:t' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // getEnv() reads the environment once, at the first call (none before this point).
  process.env.API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const visitorRequest = () =>
  new Request('http://localhost/login', {
    method: 'POST',
    headers: { [CLIENT_ADDRESS_HEADER]: 'signed-by-the-host' },
  });
const credentials = { username: 'erik.nordin@nordinssnickeri.example', password: 'x' };

describe('logIn', () => {
  it('shows too many attempts for a 428, not that login is down (issue 15)', async () => {
    status = 428;
    expect(await logIn(visitorRequest(), credentials)).toEqual({
      ok: false,
      status: 428,
      message: TOO_MANY_ATTEMPTS_MESSAGE,
    });
    expect(TOO_MANY_ATTEMPTS_MESSAGE).not.toBe(UNAVAILABLE_MESSAGE);
  });

  it("passes the host's signed visitor address on to the API unread", async () => {
    status = 400;
    await logIn(visitorRequest(), credentials);
    expect(seen[CLIENT_ADDRESS_HEADER]).toBe('signed-by-the-host');
  });
});

describe('logOut', () => {
  it("sends the browser's CSRF token cookie as the CSRF header (ADR 029)", async () => {
    status = 204;
    await logOut(
      new Request('http://localhost/login', {
        method: 'POST',
        headers: { cookie: `${COOKIE_NAMES.session}=s; ${COOKIE_NAMES.csrf}=token-1` },
      }),
    );
    expect(seen[CSRF_HEADER.toLowerCase()]).toBe('token-1');
  });

  it('sends no CSRF header when the browser has no token cookie', async () => {
    status = 204;
    await logOut(
      new Request('http://localhost/login', {
        method: 'POST',
        headers: { cookie: `${COOKIE_NAMES.session}=s` },
      }),
    );
    expect(seen[CSRF_HEADER.toLowerCase()]).toBeUndefined();
  });
});

describe('the password calls', () => {
  it("maps 204 to done and 400 and 428 to the API's Swedish message", async () => {
    status = 204;
    expect(await requestPasswordReset(visitorRequest(), 'a@b.example')).toEqual({ ok: true });
    for (const code of [400, 428] as const) {
      status = code;
      expect(await setUserPassword(visitorRequest(), 't', 'Långt lösenord')).toEqual({
        ok: false,
        status: code,
        message: 'från API:t',
      });
    }
  });

  it('maps anything else to the service being down, never to done', async () => {
    status = 500;
    expect(await requestPasswordReset(visitorRequest(), 'a@b.example')).toEqual({
      ok: false,
      status: 503,
      message: PASSWORD_UNAVAILABLE_MESSAGE,
    });
    expect(console.error).toHaveBeenCalledWith('/reset_password/ answered', 500);
    vi.mocked(console.error).mockClear();
  });
});
