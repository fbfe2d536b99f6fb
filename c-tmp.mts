import { breakDownGoalOffline } from './server/ai/offline/break-down-goal.ts';
import { refineGoalOffline } from './server/ai/offline/refine-goal.ts';
import { planProblems } from './server/ai/plan-rules.ts';
import { addDays } from './contracts/local-date.ts';
const goals=['lose 8 kg','run a half marathon','read 20 books','save €3,000','get promoted','learn French','call my dad every Sunday','be happier','get fit','meditate 15 minutes a day','apply to 30 jobs','go on 3 dates','write 40 blog posts','quit drinking','walk 8,000 steps a day','do better'];
const deadlines=['',' by June',' in 6 weeks',' by the end of the year',' by 1 January 2020',' before summer',' by tomorrow',' by Q3',' in 2 years'];
let bad=0;
for (const g of goals) for (const d of deadlines) for (const off of [0, 400, 1000]) for (const wh of [undefined, 0.5, 1, 10]) {
  const today = addDays('2024-01-01', off);
  const o = refineGoalOffline({ text: g+d, today, timeZone: 'Europe/London', ...(wh?{weeklyHours:wh}:{}) });
  if (o.kind !== 'smart') continue;
  const input = { goal: o.goal, startDate: today, weeklyHours: o.goal.weeklyHours, timeZone: 'Europe/London' };
  const p = planProblems(input, breakDownGoalOffline(input));
  if (p.length) { bad++; if (bad < 8) console.log(g+d, today, wh, p.slice(0,2)); }
}
console.log('bad', bad);
