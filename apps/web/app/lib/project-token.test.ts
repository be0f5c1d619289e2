import { describe, expect, it } from 'vitest';
import {
  MAX_PROJECT_TOKENS,
  projectTokenCookie,
  projectTokenFor,
  projectTokenPath,
  withProjectToken,
} from './project-token.ts';

const A = 'a'.repeat(43);
const B = 'B_b-'.repeat(10);

describe('the end customer’s project tokens (ADR 046)', () => {
  it('keeps one token per project and replaces a project’s old one', () => {
    const one = withProjectToken(null, 15, A);
    expect(one).toBe(`15.${A}`);
    const two = withProjectToken(one, 16, B);
    expect(two).toBe(`15.${A}~16.${B}`);
    expect(withProjectToken(two, 15, B)).toBe(`16.${B}~15.${B}`);
  });

  it('picks the token of the project in the address: the page, its .data and below it', () => {
    const value = withProjectToken(withProjectToken(null, 15, A), 16, B);
    expect(projectTokenFor(value, '/kund/stockholm/dashboard/projekt/15')).toBe(A);
    expect(projectTokenFor(value, '/kund/stockholm/dashboard/projekt/15.data')).toBe(A);
    expect(projectTokenFor(value, '/kund/stockholm/dashboard/projekt/16/fil/3/miniatyr')).toBe(B);
    expect(projectTokenFor(value, '/kund/stockholm/dashboard/projekt/151')).toBeNull();
    expect(projectTokenFor(value, '/kund/stockholm/dashboard/projekt/17')).toBeNull();
    expect(projectTokenFor(value, '/butiker/stockholm/dashboard')).toBeNull();
    expect(projectTokenFor(null, '/kund/stockholm/dashboard/projekt/15')).toBeNull();
  });

  it('ignores entries that are not a project id and a token', () => {
    expect(projectTokenFor(`15.kort~x.${A}~15.${B}`, '/kund/s/dashboard/projekt/15')).toBe(B);
    expect(projectTokenFor(A, '/kund/s/dashboard/projekt/15')).toBeNull();
  });

  it(`keeps the newest ${MAX_PROJECT_TOKENS} projects`, () => {
    let value: string | null = null;
    for (let id = 1; id <= MAX_PROJECT_TOKENS + 2; id++) value = withProjectToken(value, id, A);
    expect(projectTokenFor(value, '/kund/s/dashboard/projekt/2')).toBeNull();
    expect(projectTokenFor(value, '/kund/s/dashboard/projekt/3')).toBe(A);
    expect(value?.length).toBeLessThan(4000);
  });

  it('reads every project token cookie of the header, an older narrower one first', () => {
    const header = `a=1; bygg_project_token=${A}; bygg_project_token=15.${B}%7E16.${A}`;
    const value = projectTokenCookie(header);
    expect(projectTokenFor(value, '/kund/s/dashboard/projekt/15')).toBe(B);
    expect(projectTokenFor(value, '/kund/s/dashboard/projekt/16')).toBe(A);
    expect(projectTokenCookie('a=1')).toBeNull();
  });

  it('scopes the cookie to the store’s project folder', () => {
    expect(projectTokenPath('/kund/stockholm/dashboard/projekt/15')).toBe(
      '/kund/stockholm/dashboard/projekt/',
    );
  });
});
