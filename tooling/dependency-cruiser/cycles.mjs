// Folder-level cycles of the API's own code (npm run lint:deps). Tests and the test helpers
// are left out: they import the composition root (buildApp) from inside the folders it
// composes, which is a loop by construction and harmless.
import { cycles, config } from './rules.mjs';

export default config(
  cycles,
  '(^|/)(node_modules|dist|build)/|\\.test\\.ts$|^apps/api/test/|^apps/api/src/bench/',
);
