import base from './tooling/eslint/base.js';

export default base;
