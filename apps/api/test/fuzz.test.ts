import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, type TestApp } from './helper.ts';
import { encodeLoose, hostileText } from './hostile-input.ts';

/**
 * Issue 15: a schema-driven fuzz test over every operation of the OpenAPI document. Each case
 * is one request built from an operation's declared parameters and body, filled with hostile
 * values (wrong types, huge and negative numbers, NUL, lone surrogates, long strings, deep
 * nesting, arrays for objects), anonymous or with a session; no answer may be a 5xx. Seeded:
 * a failure names its seed and path, and FUZZ_SEED=… reproduces it.
 */

type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema };
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
};

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** Cases per run in total, spread evenly over the operations. */
const CASES = Number(process.env.FUZZ_CASES ?? 600);

let t: TestApp;
let operations: Operation[] = [];
let sessions: string[] = [];
let requestCount = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
  sessions = await Promise.all([
    sessionCookie(t.app, {
      username: 'anna.lindqvist@lindqvistbygg.example',
      password: 'Admin2026!',
    }),
    sessionCookie(t.app, {
      username: 'johan.berg@timmerkedjan.example',
      password: 'Redaktor2026!',
    }),
  ]);
});
afterAll(() => t?.close());

const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    0.5,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

function deepNesting(depth: number): unknown {
  let value: unknown = 'x\u0000';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [1, 2], { '\u0000': 1 }),
  fc.integer({ min: 10, max: 3_000 }).map(deepNesting),
  fc.array(hostileText, { maxLength: 3 }),
);

/** A value of roughly the schema's shape, each leaf sometimes replaced by a hostile one. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant && variant.length > 0) {
    return fc.oneof(...variant.map((part) => fromSchema(part, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let shaped: fc.Arbitrary<unknown>;
  if (schema.enum && schema.enum.length > 0) shaped = fc.constantFrom(...schema.enum);
  else if (type === 'object' && schema.properties) {
    const entries = Object.entries(schema.properties);
    shaped = fc.record(
      Object.fromEntries(entries.map(([key, child]) => [key, fromSchema(child, depth + 1)])),
      { requiredKeys: [] },
    );
  } else if (type === 'array') {
    shaped = fc.array(fromSchema(schema.items, depth + 1), { maxLength: 3 });
  } else if (type === 'integer' || type === 'number') shaped = hostileNumber;
  else if (type === 'boolean') shaped = fc.boolean();
  else shaped = hostileText;
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

const asParameter = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** One request for an operation: its path and query parameters and its body, all fuzzed. */
function requestFor(operation: Operation): fc.Arbitrary<InjectOptions & { url: string }> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  return fc
    .record({
      path: fc.tuple(...pathParams.map((p) => fromSchema(p.schema)), fc.constant(null)),
      query: fc.tuple(
        ...queryParams.map((p) =>
          fc.option(
            fc.oneof(fromSchema(p.schema), fc.array(hostileText, { minLength: 2, maxLength: 3 })),
          ),
        ),
        fc.constant(null),
      ),
      body: operation.body ? fromSchema(operation.body) : fc.constant(undefined),
      session: fc.constantFrom(null, ...sessions),
    })
    .map(({ path, query, body, session }) => {
      let url = operation.path;
      pathParams.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encodeLoose(asParameter(path[i])) || 'x');
      });
      const search = queryParams.flatMap((p, i) => {
        const value = query[i];
        if (value === null || value === undefined) return [];
        const values = Array.isArray(value) ? value : [value];
        return values.map((item) => `${p.name}=${encodeLoose(asParameter(item))}`);
      });
      const headers: Record<string, string> = { 'idempotency-key': `fuzz-${++requestCount}` };
      if (session) headers.cookie = session;
      if (body !== undefined) headers['content-type'] = 'application/json';
      return {
        method: operation.method as InjectOptions['method'],
        url: search.length > 0 ? `${url}?${search.join('&')}` : url,
        headers,
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      };
    });
}

describe('fuzz: every operation of the OpenAPI document (seeded)', () => {
  it('reads the operations of the document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('answers no hostile request with a 5xx', async () => {
    const failures: string[] = [];
    const runsPerOperation = Math.ceil(CASES / operations.length);
    for (const [index, operation] of operations.entries()) {
      await fc
        .assert(
          fc.asyncProperty(requestFor(operation), async (request) => {
            const response = await t.app.inject(request);
            if (response.statusCode >= 500) {
              failures.push(
                `${request.method} ${request.url.slice(0, 300)} → ${response.statusCode}`,
              );
            }
            return response.statusCode < 500;
          }),
          { seed: SEED + index, numRuns: runsPerOperation, endOnFailure: true },
        )
        .catch(() => {
          // Collected above, with the request; the seed reproduces it.
        });
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  });
});
