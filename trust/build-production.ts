// Rebuilds trust/production/ from the in-repository copies of the real artefacts (artefacts/trust-layer/), or with
// --check says whether the folder already holds exactly those bytes. Run: npm run trust:production [-- --check]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ARTEFACTS_DIR, buildProductionBundle, PRODUCTION_DIR } from './production-bundle.ts';

const check = process.argv.includes('--check');
const files = buildProductionBundle();
const differing = [...files]
  .filter(([name, bytes]) => {
    try {
      return !readFileSync(`${PRODUCTION_DIR}${name}`).equals(bytes);
    } catch {
      return true;
    }
  })
  .map(([name]) => name);
const extra = readdirSync(PRODUCTION_DIR).filter((name) => !files.has(name));

if (check) {
  for (const name of differing) process.stdout.write(`differs from what ${ARTEFACTS_DIR} builds: ${name}\n`);
  for (const name of extra) process.stdout.write(`not part of the bundle (remove it): ${name}\n`);
  const clean = differing.length === 0 && extra.length === 0;
  process.stdout.write(clean ? 'trust/production is what artefacts/trust-layer builds\n' : '');
  process.exit(clean ? 0 : 1);
}
for (const [name, bytes] of files) writeFileSync(`${PRODUCTION_DIR}${name}`, bytes);
process.stdout.write(
  `trust/production rebuilt from ${ARTEFACTS_DIR}: ${[...files.keys()].join(', ')}` +
    (extra.length > 0 ? `\nnot part of the bundle, left in place: ${extra.join(', ')}` : '') +
    '\n',
);
