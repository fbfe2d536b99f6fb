/**
 * Everyday sentences that share words with crisis language (idioms, sports, a shaving cut): no
 * layer of the guard may flag them. `safety.test.ts` asserts it; the sentence layer's threshold
 * is set below all of them (scripts/train-crisis-sentence-model.ts).
 */
export const EVERYDAY_LOOK_ALIKES = [
  'I want to keep killing it at work and get promoted',
  'This commute is killing me, I need a job closer to home',
  "I'm dying to see the northern lights",
  'Dead tired every evening, want to sleep better',
  'Deadlift 100 kg by summer',
  'My boss will kill me if I miss the launch',
  'Practise the suicide squeeze with the baseball team',
  'Train as a suicide prevention counsellor',
  'Stop beating myself up over small mistakes',
  'Run until I drop... just kidding, run a 10K',
  'I cut myself shaving, buy a better razor',
  'My dad had a heart attack last year, I want to lower my cholesterol',
] as const;
