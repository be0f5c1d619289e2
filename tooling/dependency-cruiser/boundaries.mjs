// Boundary rules over every source file, tests included (npm run lint:deps).
import { boundaries, config } from './rules.mjs';

export default config(
  boundaries,
  '(^|/)(node_modules|dist|build|\\.react-router|\\.data)/|^packages/db/drizzle/',
);
