// `npx tsx scripts/goal-set.ts <set.json> [more.json…]`: measures the offline coach on a goal set
// written outside the code (see server/ai/offline/goal-set.ts for the format) with the goal
// table's own checks, and prints the pass rate and the failures grouped by kind.
import { readFileSync } from 'node:fs';
import { useSentenceLayer } from '#server/ai/crisis-sentence-layer.ts';
import { goalRowsFromSet } from '#server/ai/offline/goal-set.ts';
import { checkGoalRow } from '#server/ai/offline/goal-table.ts';

/** The kind of a failure message from checkGoalRow, for grouping. */
function kindOf(failure: string): string {
  if (failure.startsWith('flags')) {
    const [, got = '', expected = ''] = /flags (\[.*?\]), expected (\[.*?\])/.exec(failure) ?? [];
    const have = JSON.parse(got) as string[];
    const want = JSON.parse(expected) as string[];
    const missing = want.filter((flag) => !have.includes(flag)).map((flag) => `missing ${flag}`);
    const extra = have.filter((flag) => !want.includes(flag)).map((flag) => `extra ${flag}`);
    return `flag: ${[...missing, ...extra].join(', ')}`;
  }
  if (failure.startsWith('asked') && failure.includes('instead of a SMART goal'))
    return 'asked instead of a SMART goal';
  if (failure.startsWith('proposed')) return 'proposed instead of asking';
  if (failure.startsWith('asked')) return 'asked the wrong questions';
  if (failure.startsWith('domain')) return 'domain';
  if (failure.startsWith('deadline')) return 'deadline';
  if (failure.includes(' lost "')) return 'lost the person’s words';
  if (failure.startsWith('plan:')) return 'plan does not add up';
  if (failure.startsWith('rule:')) return 'rule';
  return 'suggestions';
}

// As the app reads a statement: with the sentence encoder (the domain opinion, ADR 033).
useSentenceLayer(true);
const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('Usage: npx tsx scripts/goal-set.ts <set.json> [more.json…]\n');
  process.exit(2);
}
for (const file of files) {
  const rows = goalRowsFromSet(JSON.parse(readFileSync(file, 'utf8')));
  const kinds = new Map<string, string[]>();
  let passed = 0;
  for (const row of rows) {
    const failures = checkGoalRow(row);
    if (failures.length === 0) {
      passed += 1;
      continue;
    }
    process.stdout.write(`✗ ${row.text} (${row.timeZone}): ${failures.join('; ')}\n`);
    for (const kind of new Set(failures.map(kindOf))) {
      kinds.set(kind, [...(kinds.get(kind) ?? []), row.text]);
    }
  }
  process.stdout.write(`\nFailures by kind (a row may have several):\n`);
  for (const [kind, texts] of [...kinds].sort((a, b) => b[1].length - a[1].length)) {
    process.stdout.write(`  ${texts.length} × ${kind}\n`);
  }
  process.stdout.write(
    `${file}: ${passed} of ${rows.length} rows pass (${((passed / rows.length) * 100).toFixed(1)} %)\n`,
  );
}
