import { describe, expect, it } from 'vitest';
import { DEFAULT_PERSONALITY } from '#contracts/coaching.ts';
import {
  defaultDraft,
  draftOf,
  nameError,
  personaNoteError,
  personalityBody,
  previewRequest,
  sameDraft,
  traitValueText,
} from './customize-state.ts';

describe('coach name', () => {
  it('asks for 1 to 40 characters, spaces at the ends not counted', () => {
    expect(nameError('  ')).toBe('Give your coach a name.');
    expect(nameError('Sam')).toBeNull();
    expect(nameError(` ${'a'.repeat(40)} `)).toBeNull();
    expect(nameError('a'.repeat(41))).toBe('Keep it to 40 characters (this is 41).');
  });
});

describe('personality draft', () => {
  it('an empty or blank note is sent as none; a note is trimmed', () => {
    expect(personalityBody({ ...defaultDraft, personaNote: '   ' }).personaNote).toBeNull();
    expect(personalityBody({ ...defaultDraft, personaNote: ' Call me Sam ' }).personaNote).toBe(
      'Call me Sam',
    );
    expect(draftOf(DEFAULT_PERSONALITY).personaNote).toBe('');
  });

  it('the preview carries the tone and the unsaved draft', () => {
    const draft = { ...defaultDraft, replyLength: 'short' as const };
    expect(previewRequest('direct', draft)).toEqual({
      tone: 'direct',
      traits: DEFAULT_PERSONALITY.traits,
      replyLength: 'short',
      personaNote: null,
    });
  });

  it('knows when nothing changed (whitespace in the note included)', () => {
    expect(sameDraft(defaultDraft, { ...defaultDraft, personaNote: ' ' })).toBe(true);
    expect(
      sameDraft(defaultDraft, { ...defaultDraft, traits: { ...defaultDraft.traits, warmth: 5 } }),
    ).toBe(false);
    expect(sameDraft(defaultDraft, { ...defaultDraft, replyLength: 'long' })).toBe(false);
  });

  it('limits the note to 500 characters', () => {
    expect(personaNoteError('a'.repeat(500))).toBeNull();
    expect(personaNoteError('a'.repeat(501))).toBe(
      'Keep the note to 500 characters (this is 501).',
    );
  });

  it('words a slider value for screen readers', () => {
    expect(traitValueText(1, 'Gentle', 'Straight to the point')).toBe('1 of 5, gentle');
    expect(traitValueText(3, 'Gentle', 'Straight to the point')).toBe('3 of 5, balanced');
    expect(traitValueText(5, 'Gentle', 'Straight to the point')).toBe(
      '5 of 5, straight to the point',
    );
  });
});
