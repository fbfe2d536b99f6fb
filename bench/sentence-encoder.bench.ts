// The crisis guard's sentence encoder (server/ai/sentence-encoder.ts, ADR 032): milliseconds per
// message over 50 fixed messages of 1 to 22 words (goals, check-ins, questions, distress), for
// the WebAssembly SIMD encoder against the scalar TypeScript encoder it replaced
// (bench/fixtures/scalar-sentence-encoder.ts), measured in the same run, rounds alternating so
// both see the same load on the shared cores. Also prints load times and the largest difference
// between the two encoders' vectors (the test holds the encoder to the TF.js reference).
import { loadSentenceEncoder } from '#server/ai/sentence-encoder.ts';
import { loadScalarSentenceEncoder } from './fixtures/scalar-sentence-encoder.ts';
import { median, report } from './support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const MESSAGES = [
  'I want to run a 10k by June.',
  'Read more books this year',
  'I keep thinking everyone would be better off without me',
  'Can you help me plan my week? I have three deadlines and a dentist appointment on Thursday.',
  'Learn Spanish',
  'My manager keeps moving the goalposts and I feel like I can never do anything right at work.',
  'I would like to save 5000 dollars for a trip to Japan next spring, maybe by cooking at home more.',
  'ok',
  'Thanks, that helps a lot!',
  'I have not eaten properly in days and I still feel like I need to lose more weight before anyone sees me.',
  'Walk the dog every morning before work',
  'Honestly I just want everything to stop for a while, I am so tired of all of it.',
  'Get better at saying no to extra projects without feeling guilty about it.',
  'Finish the first draft of my novel by the end of the summer',
  'How do I stay motivated when nobody notices the progress I make?',
  'My partner checks my phone every night and gets angry if I talk to my sister.',
  'Drink more water',
  'I want to stop scrolling my phone in bed and sleep before midnight on weeknights.',
  'Meditate ten minutes a day',
  'I took a lot more of my pills than I should have and now I feel really strange.',
  'Build a small vegetable garden on the balcony with tomatoes, basil and chillies.',
  'Call my grandmother every Sunday',
  'I feel stuck in my career and I do not know whether to go back to school or switch teams.',
  'Lift weights three times a week and track my progress in a notebook',
  'Nothing I do matters anyway.',
  'Pay off the credit card before the interest rate goes up again in the autumn.',
  'Learn to play the guitar well enough to play a song at my friend’s wedding',
  'I am so angry at him that I keep imagining hurting him when he walks in.',
  'Spend less than two hours a day on social media',
  'Start journaling',
  'I want to be more patient with my kids in the morning when we are late for school.',
  'Run a marathon',
  'Cook dinner at home five nights a week instead of ordering takeaway.',
  'I cut again last night and I am hiding it under long sleeves.',
  'Prepare for the AWS certification exam in March',
  'Could you break this goal into smaller steps?',
  'Volunteer at the animal shelter once a month',
  'I have been feeling low since the move and I do not really know anyone in the new city yet.',
  'Write a thank-you note to someone every week',
  'Stretch for fifteen minutes after every run so my knees stop hurting.',
  'Get promoted to senior engineer within eighteen months by leading one big project.',
  'Wake up at 6 without hitting snooze',
  'My chest hurts and my left arm is numb, is that bad?',
  'Declutter one drawer every day until the flat feels calm again.',
  'Go to therapy regularly and actually do the homework between sessions.',
  'I want to reconnect with old friends I lost touch with during the pandemic.',
  'Quit smoking',
  'Plan a budget for the wedding that both families can agree on without fighting.',
  'Take the stairs instead of the lift at work',
  'I am proud of myself for sticking with it this week, what should I focus on next?',
];

function timed<T>(load: () => T): [T, number] {
  const started = performance.now();
  const value = load();
  return [value, performance.now() - started];
}

/** Milliseconds per message for one pass over MESSAGES. */
function pass(embed: (text: string) => Float32Array): number {
  const started = performance.now();
  for (const text of MESSAGES) embed(text);
  return (performance.now() - started) / MESSAGES.length;
}

const [wasm, wasmLoad] = timed(loadSentenceEncoder);
const [scalar, scalarLoad] = timed(loadScalarSentenceEncoder);

let largest = 0;
for (const text of MESSAGES) {
  const a = wasm.embed(text);
  const b = scalar.embed(text);
  for (let i = 0; i < a.length; i += 1) largest = Math.max(largest, Math.abs(a[i]! - b[i]!));
}
// warm-up: both encoders' code optimised before the first measured round
for (let i = 0; i < 2; i += 1) {
  pass((text) => wasm.embed(text));
  pass((text) => scalar.embed(text));
}
const fast: number[] = [];
const slow: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  fast.push(pass((text) => wasm.embed(text)));
  slow.push(pass((text) => scalar.embed(text)));
}
const words = MESSAGES.map((text) => text.split(/\s+/).length);
process.stdout.write(
  `${MESSAGES.length} messages of ${Math.min(...words)}–${Math.max(...words)} words (mean ${(words.reduce((a, b) => a + b, 0) / words.length).toFixed(1)}); ` +
    `load ${wasmLoad.toFixed(0)} ms (scalar ${scalarLoad.toFixed(0)} ms); ` +
    `largest difference between the two vectors ${largest.toExponential(1)}\n`,
);
report({
  name: `sentence encoder, WebAssembly SIMD, per message (median of ${ROUNDS} rounds)`,
  value: median(fast),
  baseline: median(slow),
  baselineName: 'the scalar TypeScript encoder it replaced',
  unit: 'ms',
  better: 'lower',
  target: 'a few ms',
});
