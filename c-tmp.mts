import { goalTablePassRate, goalTable } from './server/ai/offline/goal-table.ts';
const r = goalTablePassRate();
console.log(goalTable.length, r.passed, r.total);
for (const f of r.failures) console.log('-', f.text, '::', f.failures.join(' | '));
