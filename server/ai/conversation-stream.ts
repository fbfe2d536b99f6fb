import {
  generateText,
  type LanguageModelUsage,
  type ModelMessage,
  NoObjectGeneratedError,
  Output,
  streamText,
} from 'ai';
import { z } from 'zod';
import type { CrisisCategory } from '#contracts/coach.ts';
import type { CoachReplyInput, ProposedChange } from './conversation.ts';
import {
  checkProposal,
  proposalFromToolCall,
  proposalTools,
  proposedChangeSchema,
} from './conversation-proposals.ts';
import { errorDetail, flaggedCategory } from './model-calls.ts';
import { coachReplySystem, proposalRepairPrompt } from './prompts/conversation-prompts.ts';
import type { ResolvedModel } from './providers/model.ts';

/**
 * A chat reply from a model, streamed with `streamText`.
 *
 * The reply opens with the model's safety verdict on a line of its own ("SAFETY: none"), read
 * before anything reaches the person: a flagged category shows help instead (the guard has
 * already read the message; the model can only add a crisis, never clear one).
 *
 * Proposals are tool calls (`propose_add_task`, `propose_move_task`, `propose_experiment`) made in
 * the same call as the text, rather than a second structured call after it: the changes are
 * decided in the same breath as the words that explain them, and the reply costs one call's
 * tokens, not two. Tools without `execute` only propose. Each call is checked against the
 * contract and the person's rows once the text is done; the invalid ones go back once to the
 * model (generateText + Output.object, listing the problems), and what is still invalid is dropped
 * while the reply is kept.
 *
 * Failures: no first token within the time budget, a provider error or an empty reply → the
 * caller answers with the offline engine and a notice. After the first token the text is the
 * model's: an error or the rest's budget running out ends it where it got, with a notice; the
 * person stopping it (their signal) ends it quietly.
 */

/** The verdict line can take this long to arrive before the text is taken to have none. */
const VERDICT_MAX_CHARS = 80;
const VERDICT = /^\s*\**\s*safety\s*:\s*([a-z_]+)\s*\**[ \t]*\r?\n/i;
/** What may still become a verdict line ("", "SAF", "Safety: no"). */
const VERDICT_SO_FAR = /^\s*\**\s*s(a(f(e(t(y(\s*:?[a-z_ ]*\**)?)?)?)?)?)?$/i;
const VERDICT_ALONE = /^\s*\**\s*safety\s*:\s*([a-z_]+)\s*\**\s*$/i;

export interface StreamDeps {
  resolved: ResolvedModel;
  timeoutMs: number;
  timeoutSignal: (ms: number) => AbortSignal;
}

export interface StreamEnd {
  text: string;
  proposals: ProposedChange[];
  usage: { input: number; output: number };
  outcome: 'ok' | 'repaired' | 'error';
  /** Proposals dropped, or why the text ended early. */
  detail?: string;
  /** Shown with the reply when the text ended early. */
  notice?: string;
}

export type StreamStart =
  | { kind: 'text'; text: AsyncIterable<string>; end: Promise<StreamEnd> }
  | { kind: 'crisis'; category: CrisisCategory; usage: { input: number; output: number } }
  | {
      kind: 'failed';
      reason: 'timeout' | 'error' | 'empty' | 'stopped';
      detail: string;
      usage: { input: number; output: number };
    };

/** The person's turns as user messages, the coach's as assistant messages, the new message last. */
function conversation(input: CoachReplyInput): ModelMessage[] {
  return [
    ...input.history.map((turn): ModelMessage =>
      turn.author === 'person'
        ? { role: 'user', content: turn.text }
        : { role: 'assistant', content: turn.text },
    ),
    { role: 'user', content: input.message },
  ];
}

/** Text pushed by one reader and read by another, in order; reading ends when it is closed. */
function channel(onCancel: () => void) {
  const queue: string[] = [];
  let closed = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  return {
    push(text: string) {
      queue.push(text);
      notify();
    },
    close() {
      closed = true;
      notify();
    },
    async *read(): AsyncGenerator<string> {
      try {
        while (true) {
          const next = queue.shift();
          if (next !== undefined) {
            yield next;
            continue;
          }
          if (closed) return;
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        // the reader left before the end (the person's client went away): stop the model
        if (!closed) onCancel();
      }
    },
  };
}

function addUsage(total: { input: number; output: number }, usage?: LanguageModelUsage): void {
  total.input += usage?.inputTokens ?? 0;
  total.output += usage?.outputTokens ?? 0;
}

export async function streamModelReply(
  input: CoachReplyInput,
  signal: AbortSignal | undefined,
  deps: StreamDeps,
): Promise<StreamStart> {
  const { resolved } = deps;
  const usage = { input: 0, output: 0 };
  const controller = new AbortController();
  const stopByPerson = () =>
    controller.abort(new DOMException('Stopped by the person', 'AbortError'));
  if (signal?.aborted) return { kind: 'failed', reason: 'stopped', detail: 'stopped', usage };
  signal?.addEventListener('abort', stopByPerson, { once: true });
  const firstToken = deps.timeoutSignal(deps.timeoutMs);
  let started = false;
  const onFirstTokenTimeout = () => {
    if (!started) controller.abort(new DOMException('No first token in time', 'TimeoutError'));
  };
  firstToken.addEventListener('abort', onFirstTokenTimeout, { once: true });
  if (firstToken.aborted) onFirstTokenTimeout();

  const system = coachReplySystem(input.coach, input.facts);
  const messages = conversation(input);
  const stream = streamText({
    model: resolved.model,
    system,
    messages,
    tools: proposalTools,
    abortSignal: controller.signal,
    maxRetries: 1,
    // errors arrive as parts of the stream below; the default would print them to the console
    onError: () => undefined,
    ...(resolved.providerOptions ? { providerOptions: resolved.providerOptions } : {}),
  });
  const parts = stream.fullStream[Symbol.asyncIterator]();
  const calls: Array<{ toolName: string; input: unknown }> = [];
  let failure: unknown = null;

  /** The next text (or null at the end), keeping the tool calls and usage that come between. */
  const nextText = async (): Promise<string | null> => {
    while (true) {
      const step = await parts.next();
      if (step.done) return null;
      const part = step.value;
      // the other parts (steps, reasoning, tool input as it streams) carry nothing we keep
      if (part.type === 'text-delta') {
        if (part.text.length > 0) return part.text;
      } else if (part.type === 'tool-call') {
        calls.push({ toolName: part.toolName, input: part.input });
      } else if (part.type === 'finish') {
        addUsage(usage, part.totalUsage);
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        throw controller.signal.reason ?? new DOMException('Aborted', 'AbortError');
      }
    }
  };

  // Phase 1: the verdict line, then the first token of the reply itself.
  let buffer = '';
  const opening = async (): Promise<StreamStart | null> => {
    let verdictRead = false;
    try {
      while (true) {
        const text = await nextText();
        if (text === null) break;
        buffer += text;
        if (!verdictRead) {
          const line = VERDICT.exec(buffer);
          if (line) {
            verdictRead = true;
            const category = flaggedCategory(line[1]?.toLowerCase());
            if (category) return { kind: 'crisis', category, usage };
            buffer = buffer.slice(line[0].length);
          } else if (buffer.length > VERDICT_MAX_CHARS || !VERDICT_SO_FAR.test(buffer)) {
            verdictRead = true; // no verdict line: the text is the reply
          }
        }
        if (verdictRead && buffer.trim().length > 0) return null;
      }
      // the stream ended: perhaps with nothing but its verdict line
      const bare = VERDICT_ALONE.exec(buffer);
      if (!verdictRead && bare) {
        const category = flaggedCategory(bare[1]?.toLowerCase());
        if (category) return { kind: 'crisis', category, usage };
        buffer = '';
      }
      return buffer.trim().length === 0
        ? { kind: 'failed', reason: 'empty', detail: 'empty reply', usage }
        : null;
    } catch (error: unknown) {
      if (signal?.aborted) return { kind: 'failed', reason: 'stopped', detail: 'stopped', usage };
      if (firstToken.aborted)
        return { kind: 'failed', reason: 'timeout', detail: 'timeout', usage };
      return { kind: 'failed', reason: 'error', detail: errorDetail(error), usage };
    }
  };
  const ended = await opening();
  started = true;
  firstToken.removeEventListener('abort', onFirstTokenTimeout);
  if (ended) {
    signal?.removeEventListener('abort', stopByPerson);
    // nothing more is wanted from this call (a crisis, or the offline engine answers instead)
    controller.abort(new DOMException('Not used', 'AbortError'));
    await parts.return?.().catch(() => undefined);
    return ended;
  }

  // Phase 2: the rest of the text, to whoever reads it, within its own budget.
  const rest = deps.timeoutSignal(deps.timeoutMs * 3);
  const onRestTimeout = () =>
    controller.abort(new DOMException('The reply took too long', 'TimeoutError'));
  rest.addEventListener('abort', onRestTimeout, { once: true });
  if (rest.aborted) onRestTimeout();
  let readerLeft = false;
  const out = channel(() => {
    readerLeft = true;
    stopByPerson();
  });
  const first = buffer.replace(/^\s+/, '');
  let full = first;
  out.push(first);

  const pump = async (): Promise<StreamEnd> => {
    try {
      while (true) {
        const text = await nextText();
        if (text === null) break;
        full += text;
        out.push(text);
      }
    } catch (error: unknown) {
      failure = error;
    } finally {
      out.close();
      rest.removeEventListener('abort', onRestTimeout);
      signal?.removeEventListener('abort', stopByPerson);
    }
    const text = full.trimEnd();
    if (failure !== null) {
      if (signal?.aborted || readerLeft) {
        return { text, proposals: [], usage, outcome: 'ok', detail: 'stopped' };
      }
      const timedOut = rest.aborted;
      return {
        text,
        proposals: [],
        usage,
        outcome: 'error',
        detail: timedOut ? 'timeout after the first token' : errorDetail(failure),
        notice: timedOut
          ? 'The model took too long to finish, so its reply stops here. You can ask again.'
          : 'The model stopped partway through its reply. You can ask again.',
      };
    }
    return finishProposals(input, { system, messages, text, calls, usage }, deps);
  };
  return { kind: 'text', text: out.read(), end: pump() };
}

/** Checks the proposals, repairs the invalid ones once, drops what is still invalid. */
async function finishProposals(
  input: CoachReplyInput,
  done: {
    system: string;
    messages: ModelMessage[];
    text: string;
    calls: Array<{ toolName: string; input: unknown }>;
    usage: { input: number; output: number };
  },
  deps: StreamDeps,
): Promise<StreamEnd> {
  const { facts } = input;
  const valid: ProposedChange[] = [];
  const problems: string[] = [];
  done.calls.forEach((call, index) => {
    const candidate = proposalFromToolCall(call.toolName, call.input);
    if (!candidate) {
      problems.push(`proposal ${index + 1}: there is no tool named ${call.toolName}`);
      return;
    }
    const checked = checkProposal(facts, candidate, `proposal ${index + 1}`);
    if ('ok' in checked) valid.push(checked.ok);
    else problems.push(checked.problem);
  });
  const base = { text: done.text, usage: done.usage };
  if (problems.length === 0) return { ...base, proposals: valid.slice(0, 3), outcome: 'ok' };

  const repaired: ProposedChange[] = [];
  let still: string[] = problems;
  try {
    const response = await generateText({
      model: deps.resolved.model,
      system: done.system,
      messages: [
        ...done.messages,
        { role: 'assistant', content: done.text },
        { role: 'user', content: proposalRepairPrompt(problems) },
      ],
      output: Output.object({
        schema: z.object({ proposals: z.array(proposedChangeSchema).max(3) }),
        name: 'proposals',
      }),
      abortSignal: deps.timeoutSignal(deps.timeoutMs),
      maxRetries: 1,
      ...(deps.resolved.providerOptions ? { providerOptions: deps.resolved.providerOptions } : {}),
    });
    addUsage(done.usage, response.usage);
    still = [];
    response.output.proposals.forEach((candidate, index) => {
      const checked = checkProposal(facts, candidate, `repaired proposal ${index + 1}`);
      if ('ok' in checked) repaired.push(checked.ok);
      else still.push(checked.problem);
    });
  } catch (error: unknown) {
    if (NoObjectGeneratedError.isInstance(error)) addUsage(done.usage, error.usage);
    still = [...problems, `repair failed: ${errorDetail(error)}`];
  }
  const proposals = [...valid, ...repaired].slice(0, 3);
  return {
    ...base,
    proposals,
    outcome: repaired.length > 0 && still.length === 0 ? 'repaired' : 'ok',
    ...(still.length > 0
      ? { detail: `proposals dropped: ${still.slice(0, 3).join(' | ')}`.slice(0, 300) }
      : {}),
  };
}
