import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { crisisRefusalIn, fieldProblem, problemOf } from './problems.ts';

describe('problems from the server', () => {
  const invalid = new ApiError('invalid_input', 'body.name: must not be empty', {
    status: 400,
    details: [{ path: 'body.name', message: 'must not be empty' }],
  });

  it("finds the server's word on a field", () => {
    expect(fieldProblem(invalid, 'name')).toBe('Must not be empty');
    expect(fieldProblem(invalid, 'tone')).toBeNull();
    expect(fieldProblem(new Error('x'), 'name')).toBeNull();
  });

  it("says a 4xx in the server's words, and hides a 5xx behind the fallback", () => {
    expect(problemOf(invalid, 'Not saved.')).toBe('body.name: must not be empty');
    expect(
      problemOf(
        new ApiError('internal', 'Something went wrong on our side.', { status: 500 }),
        'Not saved.',
      ),
    ).toBe('Not saved.');
    expect(
      problemOf(
        new ApiError('upstream_failed', 'Could not reach the server. Check your connection.', {
          status: 0,
        }),
        'Not saved.',
      ),
    ).toBe('Could not reach the server. Check your connection.');
  });

  it('reads the crisis response a refused save carries', () => {
    const crisis = {
      kind: 'crisis' as const,
      category: 'abuse' as const,
      message: 'You deserve to be safe.',
      resources: [{ name: 'Hotline', contact: 'Call 1800', region: 'US' }],
    };
    expect(
      crisisRefusalIn(
        new ApiError('invalid_input', 'The server answered 422.', {
          status: 422,
          details: { crisis },
        }),
      ),
    ).toEqual(crisis);
    expect(crisisRefusalIn(invalid)).toBeNull();
  });
});
