// `npm run test:stress`: the whole suite on a machine kept busy on purpose, to catch the tests that
// pass only when the machine is quiet (a toast still entering, a wait that was really a sleep).
//
// It starts one CPU-bound process per core (`--load N` to change), runs `npm test` several times in
// a row (`--runs N`, default 3) with Playwright retries off, then the Vitest suites once more in a
// shuffled order (`--seed N` to replay an order; `--no-shuffle` to skip). The load stops when the
// runs end, whatever way they end. Exit code 1 when any run failed; the summary names it.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    load: { type: 'string', default: String(availableParallelism()) },
    seed: { type: 'string' },
    'no-shuffle': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const load = Number(values.load);
const seed = values.seed ?? String(Math.floor(Math.random() * 1_000_000));
if (!Number.isInteger(runs) || runs < 0 || !Number.isInteger(load) || load < 0) {
  process.stderr.write('test:stress: --runs and --load take whole numbers (0 or more)\n');
  process.exit(2);
}

/** One busy loop per process: each keeps a core at 100 % until it is killed. */
const burners = Array.from({ length: load }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
function stopLoad() {
  for (const burner of burners) if (burner.exitCode === null) burner.kill('SIGKILL');
}
process.on('exit', stopLoad);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopLoad();
    process.exit(130);
  });
}

/** Runs a command to its end with the output shown; resolves with its exit code and seconds. */
function run(command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
// A fresh server for each Playwright run (as CI has) and no retries, so a flaky journey fails.
const suiteEnv = { CI: '1', E2E_RETRIES: '0' };
const results = [];
process.stdout.write(`test:stress: ${load} busy process(es), ${runs} run(s) of npm test\n`);
for (let i = 1; i <= runs; i += 1) {
  process.stdout.write(`\n▶ npm test, run ${i} of ${runs}, under load\n`);
  results.push({ name: `npm test #${i}`, ...(await run(npm, ['test'], suiteEnv)) });
}
if (!values['no-shuffle']) {
  process.stdout.write(`\n▶ vitest in a shuffled order (seed ${seed}), under load\n`);
  results.push({
    name: `vitest --sequence.shuffle --sequence.seed=${seed}`,
    ...(await run(npx, ['vitest', 'run', '--sequence.shuffle', `--sequence.seed=${seed}`])),
  });
}
stopLoad();

process.stdout.write('\ntest:stress summary\n');
for (const result of results) {
  const outcome = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
  process.stdout.write(`  ${result.name}: ${outcome} in ${result.seconds.toFixed(0)} s\n`);
}
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
