import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConflictError,
  ForbiddenError,
  INTERNAL_ERROR_MESSAGE,
  InvalidStateError,
  NotFoundError,
  TooManyRequestsError,
} from '../src/kernel/errors.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    seeded: false,
    extend(app) {
      const errors: Record<string, () => Error> = {
        'not-found': () => new NotFoundError('Produkten finns inte'),
        forbidden: () => new ForbiddenError(),
        conflict: () => new ConflictError('Redan skickad'),
        'invalid-state': () => new InvalidStateError('Offerten har gått ut'),
        unprocessable: () => new InvalidStateError('Kan aldrig godkännas', 422),
        'too-many': () => new TooManyRequestsError(),
        crash: () => new Error('connection to postgres://admin:hunter2@db failed'),
      };
      app.get('/api/test/throw/:kind', async (request) => {
        const { kind } = request.params as { kind: string };
        throw (errors[kind] ?? errors.crash!)();
      });
      app.post(
        '/api/test/echo',
        { schema: { body: z.object({ quantity: z.number().int().min(1) }) } },
        async (request) => request.body,
      );
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('error handler', () => {
  it.each([
    ['not-found', 404, 'Not Found'],
    ['forbidden', 403, 'Forbidden'],
    ['conflict', 409, 'Conflict'],
    ['invalid-state', 409, 'Conflict'],
    ['unprocessable', 422, 'Unprocessable Entity'],
    ['too-many', 428, 'Too Many Requests'],
  ])('maps a thrown %s error to HTTP %i', async (kind, statusCode, error) => {
    const response = await t.app.inject({ url: `/api/test/throw/${kind}` });
    expect(response.statusCode).toBe(statusCode);
    expect(response.json()).toMatchObject({ statusCode, error });
  });

  it('answers an unexpected error with 500 and a generic message that leaks nothing', async () => {
    const response = await t.app.inject({ url: '/api/test/throw/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: INTERNAL_ERROR_MESSAGE,
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('names the body field that failed validation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { quantity: 0 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('Bad Request');
    expect(body.fields).toEqual([{ path: 'body.quantity', message: expect.any(String) }]);
    expect(body.message).toContain('body.quantity');
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"quantity": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/v2.0/finns-inte/' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('rejects an unknown organisation header with 400 naming the header', async () => {
    const response = await t.app.inject({
      url: '/api/v2.0/organisation/',
      headers: { 'x-organisation': 'acme' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { path: 'headers.x-organisation', message: expect.stringContaining('store-chain') },
    ]);
  });

  it('answers 404 from closest when the organisation has no stores', async () => {
    const response = await t.app.inject({
      url: '/api/v2.0/stores/closest/?latitude=59.33&longitude=18.06',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: 'Ingen butik hittades' });
  });
});
