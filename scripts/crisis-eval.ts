// Measures the crisis guard on a JSON file of messages it has not been tuned on:
//
//   npx tsx scripts/crisis-eval.ts path/to/batch.json [more.json …] [--guard module.ts] [--quiet]
//
// Each file holds `[{ text, expected: category | null, wording?, tricky? }]`. Prints the catch
// rate (by wording and category), the right-category rate, the false-alarm rate (tricky ones too)
// and every miss and false alarm, so they can be studied by the concept missed, never patched
// sentence by sentence. `--guard` measures another version of the guard (a module exporting
// `detectCrisis`), e.g. the one on main: `git show main:server/ai/crisis-guard.ts > /tmp/g.ts`.
import { useSentenceLayer } from '#server/ai/crisis-sentence-layer.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { crisisCategories, type CrisisCategory } from '#contracts/coach.ts';
import {
  detectCrisisByConcepts,
  detectCrisisByLexicon,
  detectCrisisByModel,
} from '#server/ai/crisis-guard.ts';
import { detectCrisis } from '#server/ai/safety.ts';
import { crisisBatchSchema } from '#server/ai/safety-eval/crisis-learning.ts';

// The guard as the app runs it: with the sentence layer (ADR 032).
useSentenceLayer(true);

const rowsSchema = crisisBatchSchema;
type Row = z.infer<typeof rowsSchema>[number];
type Detect = (texts: ReadonlyArray<string | undefined>) => CrisisCategory | null;

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((part / whole) * 100).toFixed(1)} % (${part}/${whole})`;
}

function evaluate(name: string, rows: readonly Row[], detect: Detect, quiet: boolean): void {
  const answers = rows.map((row) => ({ row, got: detect([row.text]) }));
  const crisis = answers.filter(({ row }) => row.expected !== null);
  const ordinary = answers.filter(({ row }) => row.expected === null);
  const caught = (list: typeof answers) => list.filter(({ got }) => got !== null).length;
  const lines = [
    `${name}: ${rows.length} messages (${crisis.length} crisis, ${ordinary.length} ordinary)`,
    `  catch ${percent(caught(crisis), crisis.length)}, right category ${percent(
      crisis.filter(({ row, got }) => got === row.expected).length,
      crisis.length,
    )}`,
  ];
  for (const wording of ['direct', 'indirect'] as const) {
    const some = crisis.filter(({ row }) => row.wording === wording);
    if (some.length > 0) lines.push(`    ${wording} ${percent(caught(some), some.length)}`);
  }
  for (const category of crisisCategories) {
    const some = crisis.filter(({ row }) => row.expected === category);
    if (some.length > 0) lines.push(`    ${category} ${percent(caught(some), some.length)}`);
  }
  lines.push(`  false alarms ${percent(caught(ordinary), ordinary.length)}`);
  if (detect === detectCrisis) {
    for (const [layer, alone] of [
      ['lexicon', detectCrisisByLexicon],
      ['concept rules', detectCrisisByConcepts],
      ['model', detectCrisisByModel],
    ] as const) {
      const hits = (list: typeof answers) =>
        list.filter(({ row }) => alone([row.text]) !== null).length;
      lines.push(
        `    ${layer} alone: catch ${percent(hits(crisis), crisis.length)}, false alarms ${percent(hits(ordinary), ordinary.length)}`,
      );
    }
  }
  const tricky = ordinary.filter(({ row }) => row.tricky);
  if (tricky.length > 0) lines.push(`    on tricky ones ${percent(caught(tricky), tricky.length)}`);
  if (!quiet) {
    for (const { row, got } of crisis.filter(({ row, got }) => got !== row.expected)) {
      lines.push(
        `  ${got === null ? 'MISS ' : 'WRONG'} [${row.expected}${row.wording ? `, ${row.wording}` : ''}${got ? ` → ${got}` : ''}] ${row.text}`,
      );
    }
    for (const { row, got } of ordinary.filter(({ got }) => got !== null)) {
      lines.push(`  ALARM [${got}${row.tricky ? ', tricky' : ''}] ${row.text}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quiet = args.includes('--quiet');
  const guardAt = args.indexOf('--guard');
  const guardPath = guardAt >= 0 ? args[guardAt + 1] : undefined;
  const files = args.filter(
    (arg, i) => !arg.startsWith('--') && (guardAt < 0 || i !== guardAt + 1),
  );
  if (files.length === 0) {
    process.stderr.write(
      'usage: npx tsx scripts/crisis-eval.ts batch.json [more.json …] [--guard module.ts] [--quiet]\n',
    );
    process.exit(2);
  }
  let detect: Detect = detectCrisis;
  if (guardPath) {
    const module = (await import(pathToFileURL(resolve(guardPath)).href)) as {
      detectCrisis: Detect;
    };
    detect = module.detectCrisis;
  }
  const all: Row[] = [];
  for (const file of files) {
    const rows = rowsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    all.push(...rows);
    evaluate(file, rows, detect, quiet);
  }
  if (files.length > 1) evaluate('all files', all, detect, true);
}

await main();
