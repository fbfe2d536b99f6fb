import { describe, expect, it } from 'vitest';
import type { PersonFacts } from '#server/ai/conversation.ts';
import { teamConsultOffline } from './team-consult.ts';
import { alexFacts, assertProposalsValid, id, persona, samFacts } from './test-fixtures.ts';

const rowan = persona({ id: id(901), domain: 'health', tone: 'direct', name: 'Rowan' });
const quinn = persona({
  id: id(902),
  domain: 'personal_development',
  tone: 'mindful',
  name: 'Quinn',
});
const sage = persona({ id: id(903), domain: 'relationships', tone: 'supportive', name: 'Sage' });
const harper = persona({ id: id(904), domain: 'career', tone: 'analytical', name: 'Harper' });
const team = [rowan, quinn, sage, harper];

describe('asking the team', () => {
  const question = 'My running and Spanish both want my evenings. What should I drop?';
  const answer = teamConsultOffline({ coaches: team, facts: samFacts(), question });

  it('gives the view of each coach the question concerns, in its own voice', () => {
    expect(answer.views.map((v) => v.coachId)).toEqual([rowan.id, quinn.id]);
    expect(answer.views[0]?.view).toContain('“Run a 10K race”: **40 %**');
    expect(answer.views[0]?.view).toContain('My call:');
    expect(answer.views[1]?.view).toContain('“Learn conversational Spanish” has come **25 %**');
    expect(answer.views[1]?.view).toContain('What I would hold on to:');
  });

  it('names the trade-offs from the person’s own figures', () => {
    const all = answer.tradeOffs.join('\n');
    // weekly hours of all goals against the daily capacity × 7
    expect(all).toContain('**10 h a week**');
    expect(all).toContain('60 minutes a day gives **7 h**: 3 h more than you have');
    // the two goals named share days
    expect(all).toContain('both have tasks planned for today and tomorrow');
    // deadlines within 14 days of each other
    expect(all).toContain(
      '(due 20 March) and “Call my parents every week” (due 30 March) fall due 10 days apart',
    );
    // a pinned goal crowded out
    expect(all).toContain(
      '“Call my parents every week” is pinned but has nothing in the next 7 days',
    );
    expect(all).toContain('Tomorrow holds 70 minutes against the 60');
  });

  it('suggests one way through, with proposals from the coaches whose goals they serve', () => {
    expect(answer.suggestion).toContain('take turns');
    expect(answer.proposals.map((p) => [p.draft.kind, p.coachId])).toEqual([
      ['experiment', quinn.id],
      ['add_task', sage.id],
      ['move_task', rowan.id],
    ]);
    expect(assertProposalsValid(answer.proposals, samFacts())).toEqual([]);
    const teamIds = new Set(team.map((coach) => coach.id));
    for (const proposal of answer.proposals) expect(teamIds.has(proposal.coachId)).toBe(true);
  });

  it('always has at least one view, even for a question about nothing in particular', () => {
    const vague = teamConsultOffline({
      coaches: team,
      facts: alexFacts(),
      question: 'Any thoughts?',
    });
    expect(vague.views.map((v) => v.coachId)).toEqual([quinn.id, harper.id]);
    const lone = teamConsultOffline({
      coaches: [sage],
      facts: alexFacts(),
      question: 'Any thoughts?',
    });
    expect(lone.views).toHaveLength(1);
    expect(lone.views[0]?.view).toContain('no relationships goal');
  });

  it('says when nothing collides', () => {
    const calm: PersonFacts = {
      ...alexFacts(),
      goals: alexFacts().goals.map((goal) => ({ ...goal, pinned: false })),
      dailyCapacityMinutes: 120,
    };
    const result = teamConsultOffline({ coaches: team, facts: calm, question: 'Is my plan fine?' });
    expect(result.tradeOffs.join(' ')).toContain('it fits, with 9 h to spare');
    expect(result.suggestion).toContain('Keep the plan as it is');
    expect(result.proposals).toEqual([]);
  });
});
