// The goal table's pass rate: how many statements the offline coach understands as a good coach
// would (server/ai/offline/goal-table.ts). Target: at least 95 %.
import { useSentenceLayer } from '#server/ai/crisis-sentence-layer.ts';
import { readFileSync } from 'node:fs';
import { goalRowsFromSet } from '#server/ai/offline/goal-set.ts';
import { goalTablePassRate } from '#server/ai/offline/goal-table.ts';
import { report } from './support.ts';

export function reportGoalTable(): void {
  // as the app reads a statement: the sentence encoder names the domain (ADR 033), so each row's
  // time includes one pass through it (in the app the crisis guard has already paid for it)
  useSentenceLayer(true);
  const started = performance.now();
  const { passed, total, failures } = goalTablePassRate();
  const elapsed = performance.now() - started;
  // the holdout sets: measured, never learned from (server/ai/holdout/README.md)
  const holdout = goalTablePassRate(
    ['goals-8.json', 'goals-10.json'].flatMap((name) =>
      goalRowsFromSet(
        JSON.parse(readFileSync(new URL(`../server/ai/holdout/${name}`, import.meta.url), 'utf8')),
      ),
    ),
  );
  useSentenceLayer(false);
  for (const failure of failures) {
    process.stdout.write(`  ✗ ${failure.text}: ${failure.failures.join('; ')}\n`);
  }
  process.stdout.write(
    `goal table: ${passed} of ${total} rows pass (${((passed / total) * 100).toFixed(1)} %), ${(elapsed / total).toFixed(2)} ms a row (refine with one encoder pass, and plan)\n`,
  );
  process.stdout.write(
    `holdout goals-8 and goals-10, never learned from: ${holdout.passed} of ${holdout.total} rows pass (${((holdout.passed / holdout.total) * 100).toFixed(1)} %)\n`,
  );
  report({
    name: 'goal table rows understood (refineGoal offline, plan rules)',
    value: passed,
    baseline: total,
    unit: 'rows',
    better: 'higher',
    target: '≥ 0.95',
    baselineName: 'rows in the table',
  });
}
