#!/usr/bin/env node
// End-to-end tests drive Debian's Chromium (/usr/bin/chromium). Playwright must never
// download a browser of its own (no internet here). If Chromium is missing we install it
// with apt-get when we are allowed to (root, apt-get present), otherwise we say exactly
// what to install and fail.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(CHROMIUM)) {
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
const hint =
  "Install Debian's Chromium: `sudo apt-get update && sudo apt-get install -y chromium` " +
  '(or set CHROMIUM_PATH to an existing Chromium binary).';

if (!hasApt || (!isRoot && !existsSync('/usr/bin/sudo'))) {
  console.error(`Chromium not found at ${CHROMIUM}. ${hint}`);
  process.exit(1);
}

const sudo = isRoot ? '' : 'sudo -n ';
console.log(`Chromium not found at ${CHROMIUM}; installing Debian's chromium with apt-get…`);
try {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq chromium fonts-dejavu-core`, { stdio: 'inherit', env });
} catch (error) {
  console.error(`Could not install Chromium automatically (${error.message}). ${hint}`);
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing. ${hint}`);
  process.exit(1);
}
console.log(`Chromium installed at ${CHROMIUM}.`);
