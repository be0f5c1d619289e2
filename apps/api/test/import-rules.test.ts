import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules `npm run validate` checks (tooling/dependency-cruiser, ADR 019), run on a
// small made-up tree so that each rule is seen to fail on the thing it forbids.
const RULES = fileURLToPath(new URL('../../../tooling/dependency-cruiser/', import.meta.url));

const FIXTURE: Record<string, string> = {
  'apps/api/src/contexts/pricing/index.ts': "export { price } from './offers.ts';\n",
  'apps/api/src/contexts/pricing/offers.ts': 'export const price = 1;\n',
  // Through the face: allowed.
  'apps/api/src/contexts/commerce/cart/priced.ts':
    "import { price } from '../../pricing/index.ts';\nexport const total = price;\n",
  // Into another context's internals: the deep import the rules exist for.
  'apps/api/src/contexts/commerce/cart/deep.ts':
    "import { price } from '../../pricing/offers.ts';\nexport const deep = price;\n",
  // cart -> giftcards -> cart: a folder-level loop although no file imports itself.
  'apps/api/src/contexts/commerce/cart/routes.ts':
    "import { check } from '../giftcards/service.ts';\nexport const routes = check;\n",
  'apps/api/src/contexts/commerce/giftcards/service.ts':
    "import { send } from '../cart/send.ts';\nexport const check = send;\n",
  'apps/api/src/contexts/commerce/cart/send.ts': 'export const send = 2;\n',
  // The shared kernel never reaches into a context.
  'apps/api/src/lib/uses-context.ts':
    "import { price } from '../contexts/pricing/index.ts';\nexport const kernel = price;\n",
};

async function violations(configFile: string, baseDir: string): Promise<string[]> {
  const config = await extractDepcruiseConfig(path.join(RULES, configFile));
  // The ~/ alias of the web app is not needed here (and its tsconfig names real files).
  const options = { ...config.options };
  delete options.tsConfig;
  const reply = await cruise(['apps'], {
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  const result = reply.output as ICruiseResult;
  return result.summary.violations.map((v) =>
    `${v.rule.name}: ${v.from} -> ${v.to}`.replaceAll('apps/api/src/', ''),
  );
}

describe('the import rules (dependency-cruiser)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bygg-import-rules-'));
    for (const [file, text] of Object.entries(FIXTURE)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('fail on an import of another context internals, and on the kernel importing a context', async () => {
    const found = await violations('boundaries.mjs', dir);
    expect(found).toContain(
      'context-internals: contexts/commerce/cart/deep.ts -> contexts/pricing/offers.ts',
    );
    expect(found).toContain(
      'kernel-not-contexts: lib/uses-context.ts -> contexts/pricing/index.ts',
    );
    // The import through pricing/index.ts and the imports inside commerce are fine.
    expect(found.filter((v) => v.includes('priced.ts') || v.includes('routes.ts'))).toEqual([]);
  });

  it('fail on a folder-level cycle', async () => {
    const found = await violations('cycles.mjs', dir);
    expect(found.some((v) => v.startsWith('no-folder-cycle: contexts/commerce/cart'))).toBe(true);
    expect(found.some((v) => v.startsWith('no-folder-cycle: contexts/commerce/giftcards'))).toBe(
      true,
    );
  });
});
