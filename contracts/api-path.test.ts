import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiPath } from './api-path.ts';

describe('apiPath', () => {
  it('keeps the pattern as Fastify registers it', () => {
    expect(apiPath('/api/goals/:id/milestones/:milestoneId').pattern).toBe(
      '/api/goals/:id/milestones/:milestoneId',
    );
  });

  it('gives a path without parameters as it is', () => {
    expect(apiPath('/api/tasks/today').href()).toBe('/api/tasks/today');
  });

  it('fills every parameter, URL-encoded', () => {
    const milestone = apiPath('/api/goals/:id/milestones/:milestoneId');
    expect(milestone.href({ id: 'a/b c', milestoneId: 'm?1' })).toBe(
      '/api/goals/a%2Fb%20c/milestones/m%3F1',
    );
    expect(apiPath('/api/notifications/:id/read').href({ id: 'n1' })).toBe(
      '/api/notifications/n1/read',
    );
  });

  it('infers the parameters from the pattern', () => {
    const goal = apiPath('/api/goals/:id');
    expectTypeOf(goal.href).parameters.toEqualTypeOf<[params: { readonly id: string }]>();
    expectTypeOf(apiPath('/api/goals').href).parameters.toEqualTypeOf<[]>();
    // @ts-expect-error: the pattern has no :goalId
    expect(() => goal.href({ goalId: 'x' })).toThrow('/api/goals/:id: no value for :id');
  });
});
