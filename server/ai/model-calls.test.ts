import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { askStructured, invalidAnswerFailure, thrownFailure } from './model-calls.ts';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 40, text: 40, reasoning: 0 },
};

/** A mock model that answers each call with the next text, then complains. */
function scriptedModel(texts: string[]) {
  const queue = [...texts];
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'mock-model',
    doGenerate: async (): Promise<GenerateResult> => {
      const text = queue.shift();
      if (text === undefined) throw new Error('The mock model was called more often than scripted');
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
  });
}

const answerSchema = z.object({ steps: z.array(z.string()).min(2) });
const reply = (answer: unknown, safety = 'none') => JSON.stringify({ safety, answer });

/** The last message of a call, as text. */
function lastMessage(call: CallOptions | undefined): string {
  const message = call?.prompt.at(-1);
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => ('text' in part ? part.text : '')).join('');
}

function ask(model: MockLanguageModelV3, problems: (answer: { steps: string[] }) => string[]) {
  const spent = { input: 0, output: 0 };
  const outcome = askStructured({
    model: { model, modelId: 'mock-model' },
    name: 'plan',
    schema: answerSchema,
    system: 'Plan it.',
    prompt: 'Two steps, please.',
    problems,
    signal: new AbortController().signal,
    usage: spent,
  });
  return { outcome, spent };
}

describe('askStructured', () => {
  it('returns a valid first answer as it is, after one call', async () => {
    const model = scriptedModel([reply({ steps: ['plan', 'do'] })]);
    const { outcome, spent } = ask(model, () => []);

    expect(await outcome).toEqual({
      kind: 'answer',
      answer: { steps: ['plan', 'do'] },
      repaired: false,
    });
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(spent).toEqual({ input: 100, output: 40 });
  });

  it('sends an answer that breaks the schema back once with its problems and takes the repair', async () => {
    const model = scriptedModel([reply({ steps: ['only one'] }), reply({ steps: ['a', 'b'] })]);
    const { outcome, spent } = ask(model, () => []);

    const result = await outcome;
    expect(result).toMatchObject({ kind: 'answer', repaired: true });
    expect(result.kind === 'answer' && result.answer).toEqual({ steps: ['a', 'b'] });
    expect(model.doGenerateCalls).toHaveLength(2);
    const repair = lastMessage(model.doGenerateCalls[1]);
    expect(repair).toContain('Your answer could not be used');
    expect(repair).toContain('answer.steps');
    // the first answer travels back as the assistant's turn
    expect(model.doGenerateCalls[1]?.prompt.at(-2)?.role).toBe('assistant');
    expect(spent).toEqual({ input: 200, output: 80 });
  });

  it('repairs an answer that fits the schema but breaks the rules', async () => {
    const model = scriptedModel([reply({ steps: ['a', 'a'] }), reply({ steps: ['a', 'b'] })]);
    const { outcome } = ask(model, (answer) =>
      new Set(answer.steps).size < answer.steps.length ? ['steps: no step twice'] : [],
    );

    expect(await outcome).toMatchObject({ kind: 'answer', repaired: true });
    expect(lastMessage(model.doGenerateCalls[1])).toContain('- steps: no step twice');
  });

  it('reports the problems when the repair fails too, and asks no third time', async () => {
    const model = scriptedModel(['not json at all', reply({ steps: [] })]);
    const { outcome, spent } = ask(model, () => []);

    const result = await outcome;
    expect(result.kind).toBe('invalid');
    if (result.kind !== 'invalid') return;
    expect(result.problems.join(' ')).toContain('answer.steps');
    expect(result.detail).toMatch(/^invalid_output: answer\.steps/);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(spent).toEqual({ input: 200, output: 80 });
  });

  it("takes the model's crisis verdict, even from an answer that breaks the schema", async () => {
    const model = scriptedModel([reply({ steps: [] }, 'self_harm')]);
    const { outcome } = ask(model, () => []);

    expect(await outcome).toEqual({ kind: 'crisis', category: 'self_harm' });
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('throws what the provider throws', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('provider down');
      },
    });
    const { outcome } = ask(model, () => []);
    await expect(outcome).rejects.toThrow('provider down');
  });
});

describe('the failure notices', () => {
  it('tell a timeout from a provider error, and name the engine', () => {
    expect(thrownFailure(new Error('boom'), true, 'OpenAI', 20_000)).toEqual({
      outcome: 'fallback',
      detail: 'timeout',
      notice:
        'The OpenAI model did not answer within 20 seconds, so the built-in offline coach answered instead.',
    });
    expect(thrownFailure(new Error('boom'), false, 'Anthropic', 20_000)).toMatchObject({
      outcome: 'error',
      detail: 'Error: boom',
    });
    expect(invalidAnswerFailure('invalid_output: x', 'OpenAI').notice).toMatch(
      /^The OpenAI model's answer did not pass our checks, even after one repair/,
    );
  });
});
