import type { GoalMetric } from '#contracts/coach.ts';
import { formatLongDate } from './dates.ts';
import type { Quantity } from './parse.ts';
import { formatAmount } from './templates/kit.ts';

/**
 * Domain rules for goals that ask for more than people usually manage in the time: career steps,
 * audience growth, savings against a stated income and long races for new runners. Each rule
 * answers with a note that names a realistic scope or date; the date itself is left to the caller
 * (a fixed event date is never moved).
 */

export interface AmbitionCheck {
  text: string;
  metric: GoalMetric;
  quantities: readonly Quantity[];
  /** Days from today to the deadline. */
  days: number;
  deadline: string;
}

const SENIOR_ROLE =
  /\b(?:become|be|get|land|make|promoted to|reach|appointed)\b[^.]*\b(ceo|cto|cfo|coo|chief [a-z]+ officer|vp|vice president|director|head of [a-z]+|managing director|partner at|c-suite|executive|top job)\b/;
const JUNIOR = /\b(junior|intern|graduate|entry[- ]level|first job|just started|new to)\b/;

function careerSteps({ text, days }: AmbitionCheck): string | null {
  const role = SENIOR_ROLE.exec(text);
  if (!role || days > 540) return null;
  const from = JUNIOR.test(text) ? ' from where you are now' : '';
  return `Reaching ${role[1]}${from} usually takes several career steps over years, not months. Within this time, aim for the next step up (leading a project or a small team, a senior title) and keep ${role[1]} as the longer goal it leads to.`;
}

const AUDIENCE = /^(followers|subscribers|fans|listeners|readers|members|views|downloads)$/;

function audienceGrowth({ metric, days, deadline }: AmbitionCheck): string | null {
  if (!AUDIENCE.test(metric.unit)) return null;
  const months = Math.max(1, days / 30.4);
  const perMonth = metric.target / months;
  // New accounts that post steadily grow by hundreds to a few thousand a month.
  if (perMonth <= 3000) return null;
  const realistic = Math.max(500, Math.round((months * 1500) / 500) * 500);
  return `${formatAmount(metric.target, metric.unit)} by ${formatLongDate(deadline)} would mean about ${formatAmount(Math.round(perMonth), metric.unit)} a month; accounts that post steadily usually gain hundreds to a few thousand a month. A realistic aim is about ${formatAmount(realistic, metric.unit)} by then.`;
}

const INCOME =
  /\b(?:earn|make|income(?: is)?|salary(?: is)?|take home|on)\s+(?:an?\s+)?(?:salary\s+|income\s+)?(?:of\s+)?(?:about\s+|around\s+)?([$€£¥₹])?\s?(\d[\d,]*(?:\.\d+)?)\s?(k)?\s*(?:[a-z]+\s+)?(?:a|per|each|every|\/)\s?(month|year|week)\b/;

function savingsAgainstIncome({ text, metric, days }: AmbitionCheck): string | null {
  if (!/^[$€£¥₹]$/.test(metric.unit)) return null;
  const income = INCOME.exec(text);
  if (!income) return null;
  const amount = Number((income[2] ?? '0').replace(/,/g, '')) * (income[3] ? 1000 : 1);
  const monthly =
    income[4] === 'year' ? amount / 12 : income[4] === 'week' ? (amount * 52) / 12 : amount;
  if (monthly <= 0 || amount === metric.target) return null;
  const months = Math.max(1, days / 30.4);
  const needed = metric.target / months;
  if (needed <= monthly * 0.5) return null;
  const fifth = Math.round(monthly / 5);
  const realisticMonths = Math.ceil(metric.target / Math.max(1, fifth));
  return `Saving ${formatAmount(metric.target, metric.unit)} in this time means putting away about ${formatAmount(Math.round(needed), metric.unit)} a month, more than half of an income of ${formatAmount(Math.round(monthly), metric.unit)} a month. Saving about a fifth (${formatAmount(fifth, metric.unit)} a month) is more usual: at that pace the goal takes about ${realisticMonths} months.`;
}

const NEW_RUNNER =
  /\b(never (?:run|ran|jogged|been a runner)|not a runner|can't run|cannot run|complete beginner|couch)\b/;

function newRunner({ text, metric, days }: AmbitionCheck): string | null {
  if (!NEW_RUNNER.test(text) || !/^(km|mi)$/.test(metric.unit)) return null;
  const km = metric.unit === 'mi' ? metric.target * 1.609 : metric.target;
  const weeksNeeded = km >= 42 ? 36 : km >= 21 ? 20 : km >= 10 ? 12 : 8;
  if (days >= weeksNeeded * 7) return null;
  return `For someone starting from no running, ${formatAmount(metric.target, metric.unit)} usually takes about ${weeksNeeded} weeks of gradual training. In the time you have, a shorter race (a 5K or 10K) is a realistic first aim.`;
}

const RULES = [careerSteps, audienceGrowth, savingsAgainstIncome, newRunner];

/** The first rule the goal breaks, as a note; null when the goal is within reach. */
export function ambitionNote(check: AmbitionCheck): string | null {
  for (const rule of RULES) {
    const note = rule(check);
    if (note) return note;
  }
  return null;
}
