import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The Chromium the e2e tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium. When it is missing
 * and we run as root, Debian's package is installed; otherwise we stop with a one-line instruction.
 */
export async function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package");
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium', 'fonts-noto-core'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(path)) return path;
  }
  console.error(`Chromium not found at ${path}: install it (sudo apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
