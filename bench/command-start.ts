// What a `proveit` start costs (docs/conventions.md "The built command"): CPU seconds (user + system) of the built
// command against Node's own start and against the same command transpiled by tsx from source, as staff and every
// launcher-starting test pay it. CPU, not wall time: a loaded machine stretches the wall clock, not the work.
// Each figure is the median of RUNS starts, measured by bash's `times` around the process.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 5;
const PROOF = 'artefacts/trust-layer/proof_proveit_gel.json';

/** CPU seconds of one run of `command`, its output discarded; exit status ignored (--help alone exits 0). */
function cpuSecondsOf(command: string): number {
  const printed = execFileSync('bash', ['-c', `TIMEFORMAT='%3U %3S'; { time ${command} >/dev/null 2>&1; } 2>&1`], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const [user, system] = printed.trim().split(/\s+/).map(Number);
  return user! + system!;
}

function median(command: string): number {
  const samples = Array.from({ length: RUNS }, () => cpuSecondsOf(command)).sort((a, b) => a - b);
  return samples[Math.floor(RUNS / 2)]!;
}

// Brought up to date first, so no measured start pays a rebuild.
execFileSync(process.execPath, ['bin/command-build.mjs'], { cwd: ROOT, stdio: 'ignore' });
const node = median('node -e 0');
const help = median('node bin/proveit.mjs --help');
const verify = median(`node bin/proveit.mjs proof verify --offline ${PROOF}`);
const fromSource = median(`node --import tsx/esm -e "await import('./main/cli/main.ts')" --input-type=module`);

const line = (label: string, seconds: number, limit?: number) =>
  console.log(
    `  ${label.padEnd(44)} ${seconds.toFixed(2).padStart(5)} CPU s  ${(seconds / node).toFixed(1).padStart(5)}× node` +
      (limit === undefined ? '' : `  (target ≤ ${limit} s: ${seconds <= limit ? 'met' : 'MISSED'})`),
  );
console.log(`command start (median of ${RUNS}, CPU seconds user + system)`);
line("node's own start (node -e 0)", node);
line('proveit --help (built)', help, 0.6);
line('proveit proof verify --offline (built)', verify, 1.2);
line('main/cli/main.ts loaded through tsx (before)', fromSource);
console.log(`  the built start costs ${(fromSource / help).toFixed(1)}× less CPU than the tsx start`);
