import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { CoachEngine } from '#contracts/coach.ts';
import { createConversationGateway } from './conversation-gateway.ts';
import type { AiCallRecord } from './model-calls.ts';
import { resolveEngineModel } from './model-calls.ts';
import type { AiSettings } from './settings.ts';

/**
 * The world outside for the conversation gateway's tests: the AI SDK's mock models answering from a
 * script (streamed parts, structured answers, errors, hangs until aborted), time budgets the test
 * spends itself, and a clock that moves 250 ms a reading.
 */

export type CallOptions = MockLanguageModelV3['doStreamCalls'][number];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>;
export type Part = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;

export const usage = {
  inputTokens: { total: 300, noCache: 300, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 90, text: 90, reasoning: 0 },
};

/** A streamed reply: text deltas, then tool calls, then the finish (or an error part). */
export function replyParts(
  texts: readonly string[],
  tools: ReadonlyArray<{ name: string; input: unknown }> = [],
  end: 'finish' | Error = 'finish',
): Part[] {
  const parts: Part[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...texts.map((delta): Part => ({ type: 'text-delta', id: 't1', delta })),
  ];
  if (end instanceof Error) return [...parts, { type: 'error', error: end }];
  parts.push({ type: 'text-end', id: 't1' });
  tools.forEach((call, index) =>
    parts.push({
      type: 'tool-call',
      toolCallId: `call-${index + 1}`,
      toolName: call.name,
      input: JSON.stringify(call.input),
    }),
  );
  parts.push({
    type: 'finish',
    finishReason: { unified: tools.length > 0 ? 'tool-calls' : 'stop', raw: 'stop' },
    usage,
  });
  return parts;
}

/**
 * A stream that sends `parts`, then (with `holdAfter`) stops after that many and waits: until the
 * call's abort signal fires (it errors as a provider would) or `release` is called.
 */
export function heldStream(parts: Part[], holdAfter: number, signal: AbortSignal | undefined) {
  let release: () => void = () => undefined;
  const stream = new ReadableStream<Part>({
    async start(controller) {
      for (const part of parts.slice(0, holdAfter)) controller.enqueue(part);
      const released = await new Promise<boolean>((resolve) => {
        release = () => resolve(true);
        signal?.addEventListener('abort', () => resolve(false), { once: true });
      });
      if (!released) {
        controller.error(signal?.reason ?? new Error('aborted'));
        return;
      }
      for (const part of parts.slice(holdAfter)) controller.enqueue(part);
      controller.close();
    },
  });
  return { stream, release: () => release() };
}

export type StreamStep =
  | { parts: Part[] }
  | { parts: Part[]; holdAfter: number; onHold?: (release: () => void) => void }
  | Error;
/** A text answer, an error to throw, or HANG to wait until the call is aborted. */
export const HANG = { hang: true } as const;
export type GenerateStep = string | Error | typeof HANG;

export function generated(text: string): GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage,
    warnings: [],
  };
}

/** A mock model answering each streamed call and each structured call with the next step. */
export function scriptedModel(
  script: { streams?: StreamStep[]; generates?: GenerateStep[] },
  onHang?: () => void,
) {
  const streams = [...(script.streams ?? [])];
  const generates = [...(script.generates ?? [])];
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'mock-model',
    doStream: async (options) => {
      const step = streams.shift();
      if (step === undefined) throw new Error('The mock model streamed more often than scripted');
      if (step instanceof Error) throw step;
      if ('holdAfter' in step) {
        const held = heldStream(step.parts, step.holdAfter, options.abortSignal);
        step.onHold?.(held.release);
        if (step.holdAfter === 0) onHang?.();
        return { stream: held.stream };
      }
      return { stream: simulateReadableStream({ chunks: step.parts }) };
    },
    doGenerate: async (options) => {
      const step = generates.shift();
      if (step === undefined) throw new Error('The mock model was asked more often than scripted');
      if (step instanceof Error) throw step;
      if (typeof step !== 'string') {
        return new Promise<GenerateResult>((_resolve, reject) => {
          const signal = options.abortSignal;
          signal?.addEventListener('abort', () =>
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted')),
          );
          onHang?.();
        });
      }
      return generated(step);
    },
  });
}

/** A clock that moves 250 ms every time it is read. */
export function steppingClock() {
  let now = Date.UTC(2026, 2, 10, 9);
  return {
    now: () => {
      const value = new Date(now);
      now += 250;
      return value;
    },
  };
}

export function settingsFor(engine: Exclude<CoachEngine, 'offline'>): AiSettings {
  return {
    engine,
    apiKey: 'test-key',
    model: engine === 'openai-compatible' ? 'llama3.1' : undefined,
    baseUrl: engine === 'openai-compatible' ? 'http://localhost:11434/v1' : undefined,
    timeoutMs: 20_000,
  };
}

/**
 * A conversation gateway on a scripted model. `budgets` are the time budgets it asked for, in
 * order (the first token, the rest of a reply, a structured call…); the test aborts them.
 */
export function setup(
  script: { streams?: StreamStep[]; generates?: GenerateStep[] },
  options: { engine?: Exclude<CoachEngine, 'offline'>; timeOutOnHang?: boolean } = {},
) {
  const calls: AiCallRecord[] = [];
  const budgets: AbortController[] = [];
  const model = scriptedModel(script, () => {
    if (options.timeOutOnHang) {
      budgets[0]?.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    }
  });
  const settings = settingsFor(options.engine ?? 'openai');
  const gateway = createConversationGateway({
    settings,
    clock: steppingClock(),
    recordCall: (record) => void calls.push(record),
    resolveModel: (s) => ({ ...resolveEngineModel(s), model }),
    timeoutSignal: () => {
      const controller = new AbortController();
      budgets.push(controller);
      return controller.signal;
    },
  });
  return { gateway, model, calls, budgets, modelId: resolveEngineModel(settings).modelId };
}

/** Reads a streamed text to the end, keeping its chunks. */
export async function readAll(text: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of text) chunks.push(chunk);
  return chunks;
}

/** The system prompt and the messages by role, as the model received them. */
export function promptOf(call: CallOptions | undefined) {
  const prompt = call?.prompt ?? [];
  const system = prompt
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');
  const byRole = (role: 'user' | 'assistant') =>
    prompt
      .filter((message) => message.role === role)
      .map((message) => JSON.stringify(message.content));
  return {
    system,
    user: byRole('user'),
    assistant: byRole('assistant'),
    all: JSON.stringify(prompt),
  };
}
