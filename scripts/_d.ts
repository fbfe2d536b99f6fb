import { parseDeadline } from '#server/ai/offline/parse.ts';
for (const [t,z] of [['pass the PMP exam by end of June','Asia/Kolkata'],['pass the exam by the end of June','Asia/Kolkata'],['Pass my exam by June','Asia/Kolkata']]) console.log(t, JSON.stringify(parseDeadline(t,'2026-03-10',z)));
