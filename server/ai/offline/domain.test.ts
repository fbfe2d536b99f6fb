import { describe, expect, it } from 'vitest';
import { detectActivity } from './activity.ts';
import { classifyDomain } from './domain.ts';

describe('classifyDomain', () => {
  it.each([
    ['Lose 5 kg before my wedding', 'health'],
    ['Sleep better and have more energy', 'health'],
    ['Cut down on alcohol', 'health'],
    ['Get a new job as a product designer', 'career'],
    ['Get promoted to team lead', 'career'],
    ['Grow my freelance income', 'career'],
    ['Spend more quality time with my partner', 'relationships'],
    ['Call my parents more often', 'relationships'],
    ['Make new friends in a new city', 'relationships'],
    ['Read more books', 'personal_development'],
    ['Learn Italian', 'personal_development'],
    ['Pay off my credit card debt', 'personal_development'],
    ['Spend less time on social media', 'personal_development'],
    // An activity's own words, not a word it shares with another domain.
    ['Improve my flexibility so I can do the splits', 'health'],
    ['Be in bed by 10:30 on school nights', 'health'],
    ['Play 5-a-side every Thursday', 'health'],
    ['Make associate at a consulting firm', 'career'],
    ['Become a partner in a law practice', 'career'],
    ['Negotiate a better package in my next offer', 'career'],
    ['Finish my ACCA qualification', 'career'],
    ['Pass Grade 3 piano', 'personal_development'],
    ['Grow my youtube channel about woodworking', 'personal_development'],
    ['Grow my side business to 20 customers', 'career'],
  ] as const)('%s → %s', (text, domain) => {
    expect(classifyDomain(text).domain).toBe(domain);
  });

  it('follows the user’s hint and reports when nothing matched', () => {
    expect(classifyDomain('Read 24 books on leadership', 'career').domain).toBe('career');
    expect(classifyDomain('do better')).toEqual({
      domain: 'personal_development',
      score: 0,
      matched: [],
    });
  });
});

describe('detectActivity', () => {
  it.each([
    ['run my own business by 2027', 'launch'],
    ['Run a 5K', 'running'],
    ['Meditate every morning to reduce stress', 'habit'],
    ['Learn Python to switch careers', 'skill'],
    ['Write a novel', 'writing'],
    ['Read a novel a month', 'reading'],
    ['Quit vaping', 'quit'],
    ['Have a date night every week', 'partner_time'],
    ['Find a girlfriend', 'dating'],
  ])('%s → %s', (text, id) => {
    expect(detectActivity(text).template.id).toBe(id);
  });
});
