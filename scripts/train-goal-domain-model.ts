// Trains the offline coach's domain opinion (server/ai/offline/domain-model.ts) on the goal
// table's statements and writes server/ai/offline/goal-domain-model.json:
//
//   npx tsx scripts/train-goal-domain-model.ts
//
// Prints a 5-fold estimate first (train on 4/5, read the 5th) next to the keyword cues' answer
// on the same rows. Deterministic: the same table gives the same file. Retrain when rows with a
// domain are added (about a minute: each statement goes through the sentence encoder).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coachDomains } from '#contracts/coach.ts';
import { trainSentenceModel } from '#server/ai/crisis-sentence-model.ts';
import { textEmbedding, useSentenceLayer } from '#server/ai/crisis-sentence-layer.ts';
import { classifyDomain } from '#server/ai/offline/domain.ts';
import { domainOfEmbedding } from '#server/ai/offline/domain-model.ts';
import { goalTable } from '#server/ai/offline/goal-table.ts';

const FOLDS = 5;
const STEPS = 400;
/** Opinions less probable than this are left to the cues. */
const THRESHOLD = 0.5;
const path = join(import.meta.dirname, '..', 'server', 'ai', 'offline', 'goal-domain-model.json');

useSentenceLayer(true);
const rows = goalTable.flatMap((row) => {
  const embedding = row.domain ? textEmbedding(row.text) : null;
  return row.domain && embedding
    ? [{ text: row.text, domain: row.domain, embedding, label: coachDomains.indexOf(row.domain) }]
    : [];
});
const train = (some: typeof rows) =>
  trainSentenceModel(some, { steps: STEPS, classes: coachDomains.length }).map((weights) =>
    weights.map((w) => Math.round(w * 10000) / 10000),
  );

let opinion = 0;
let cues = 0;
for (let fold = 0; fold < FOLDS; fold += 1) {
  const weights = train(rows.filter((_, i) => i % FOLDS !== fold));
  rows.forEach((row, i) => {
    if (i % FOLDS !== fold) return;
    const cue = classifyDomain(row.text);
    const domain =
      domainOfEmbedding({ weights, threshold: THRESHOLD }, row.embedding) ?? cue.domain;
    if (domain === row.domain) opinion += 1;
    if (cue.domain === row.domain) cues += 1;
  });
}
const pct = (n: number) => `${((n / rows.length) * 100).toFixed(1)} % (${n}/${rows.length})`;
process.stdout.write(
  `${FOLDS}-fold: the opinion (cues when unsure) ${pct(opinion)}; the cues alone ${pct(cues)}, though they were written from these rows\n`,
);
writeFileSync(
  path,
  `${JSON.stringify({ classes: coachDomains, weights: train(rows), threshold: THRESHOLD })}\n`,
);
process.stdout.write(`saved to ${path}\n`);
