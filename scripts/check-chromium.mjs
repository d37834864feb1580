// `npm test` runs browser tests in Debian's Chromium: fail early, with the fix, when it is missing.
import fs from 'node:fs';

const executable = process.env.QUIRE_CHROMIUM ?? '/usr/bin/chromium';
if (!fs.existsSync(executable)) {
  console.error(
    `Quire's browser tests need Chromium at ${executable}, and it is not there.\n` +
      'Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), or point QUIRE_CHROMIUM at a Chromium binary.',
  );
  process.exit(1);
}
