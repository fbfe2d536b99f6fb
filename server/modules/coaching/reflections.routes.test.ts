import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consultationListSchema,
  consultationSchema,
  reflectionListSchema,
  reflectionSchema,
  type Reflection,
} from '#contracts/coaching.ts';
import { setup as modelGateway } from '#server/ai/conversation-test-models.ts';
import { OFFLINE_MODEL, SAFETY_MODEL } from '#server/ai/gateway.ts';
import { reflectOffline } from '#server/ai/offline/conversation/reflect.ts';
import { aiCalls, coachProposals, reflections, teamConsultations } from '#server/db/schema.ts';
import { expectError } from '#server/modules/goals/test-support.ts';
import type { TestUser } from '#server/test/users.ts';
import { startCoachingApp, testConversation, type CoachingTestApp } from './test-support.ts';

const CRISIS = 'Honestly I want to kill myself.';

describe('reflections and "Ask the team"', () => {
  let t: CoachingTestApp;
  const conversation = testConversation();
  const { withModel } = conversation;
  /** A model's structured answer: its safety verdict and the answer. */
  const modelAnswer = (value: unknown, safety = 'none') =>
    JSON.stringify({ safety, answer: value });
  /** Puts the person at the AI limit: as many calls this minute as AI_REQUESTS_PER_MINUTE (20). */
  const useUpLimits = async (user: TestUser) => {
    await t.database.db.insert(aiCalls).values(
      Array.from({ length: 20 }, () => ({
        id: randomUUID(),
        userId: user.id,
        operation: 'chat',
        engine: 'offline' as const,
        model: OFFLINE_MODEL,
        inputTokens: 0,
        outputTokens: 0,
        latencyMs: 1,
        outcome: 'ok',
        createdAt: t.clock.now(),
      })),
    );
  };

  beforeAll(async () => {
    t = await startCoachingApp('2025-03-03T09:00:00.000Z', {
      conversation: conversation.gateway,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const reflect = (user: TestUser, body: unknown) =>
    t.call(user, 'POST', '/api/coach/reflections', body);
  const ask = (user: TestUser, question: unknown) =>
    t.call(user, 'POST', '/api/coach/consultations', { question });
  const storedReflections = (user: TestUser) =>
    t.database.db.select().from(reflections).where(eq(reflections.userId, user.id));

  describe('reflections', () => {
    it('has the first coach on the team answer, in its tone, and keeps both', async () => {
      const user = await t.user('Pacific/Auckland');
      const harper = await t.addCoach(user, 'ai-career', { tone: 'direct' });
      await t.addCoach(user, 'ai-health');
      const response = await reflect(user, {
        period: 'daily',
        text: '  Shipped the draft, skipped the run.  ',
        mood: 4,
      });
      expect(response.statusCode, response.body).toBe(201);
      const reflection = reflectionSchema.parse(response.json());
      expect(reflection).toMatchObject({
        period: 'daily',
        // 09:00 UTC is 22:00 in Auckland: the person's own date
        localDate: '2025-03-03',
        text: 'Shipped the draft, skipped the run.',
        mood: 4,
        coachName: 'Harper',
        crisis: false,
        engine: 'offline',
        model: OFFLINE_MODEL,
        notice: null,
      });
      // Harper answered, in its tone, from the person's own figures (their date in their zone).
      const given = conversation.given.reflect.at(-1);
      expect(given).toMatchObject({
        coach: { id: harper.id, name: 'Harper', domain: 'career', tone: 'direct' },
        facts: { today: '2025-03-03', timeZone: 'Pacific/Auckland' },
        period: 'daily',
        text: 'Shipped the draft, skipped the run.',
        mood: 4,
      });
      expect(reflection.reply).toBe(given && reflectOffline(given));
      expect(conversation.offlineCalls.at(-1)).toMatchObject({
        userId: user.id,
        operation: 'reflect',
        outcome: 'ok',
      });
      const list = await t.call(user, 'GET', '/api/coach/reflections');
      expect(reflectionListSchema.parse(list.json())).toEqual({
        reflections: [reflection],
        nextCursor: null,
      });
    });

    it('has the coach the person picks answer, even one off the team; another’s coach is a 404', async () => {
      const user = await t.user();
      await t.addCoach(user, 'ai-health');
      const quinn = await t.addCoach(user, 'ai-personal-development', { addToTeam: false });
      const response = await reflect(user, {
        period: 'weekly',
        text: 'A calm week.',
        coachId: quinn.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(reflectionSchema.parse(response.json())).toMatchObject({
        coachId: quinn.id,
        coachName: 'Quinn',
        mood: null,
      });

      const stranger = await t.user();
      await t.addCoach(stranger, 'ai-health');
      const calls = conversation.offlineCalls.length;
      const theirs = await reflect(stranger, { period: 'daily', text: 'Hi', coachId: quinn.id });
      expect(expectError(theirs, 404, 'not_found').message).toBe('You have no coach with this id.');
      expect(conversation.offlineCalls.length).toBe(calls);
      expect(await storedReflections(stranger)).toEqual([]);
    });

    it('asks for a coach first when the person has none on the team', async () => {
      const user = await t.user();
      const response = await reflect(user, { period: 'daily', text: 'Good day.' });
      expect(expectError(response, 409, 'conflict').message).toBe(
        'Add a coach to your team first: your coach is the one who answers a reflection.',
      );
    });

    it('answers crisis language with the help response, stored as the reply, before limits or the coach', async () => {
      const user = await t.user('Europe/London');
      await t.addCoach(user, 'ai-health');
      await useUpLimits(user);
      const calls = conversation.offlineCalls.length;
      const response = await reflect(user, { period: 'daily', text: CRISIS, mood: 1 });
      expect(response.statusCode, response.body).toBe(201);
      const reflection = reflectionSchema.parse(response.json());
      expect(reflection).toMatchObject({
        crisis: true,
        text: CRISIS,
        engine: 'offline',
        model: SAFETY_MODEL,
      });
      expect(reflection.reply).toMatch(/^Thank you for telling me\./);
      expect(reflection.reply).toContain('- **Samaritans** (UK & Ireland): Call 116 123');
      expect(conversation.offlineCalls.length).toBe(calls);
      expect(await storedReflections(user)).toMatchObject([{ crisis: true }]);
    });

    it('keeps a model’s answer, and the help response when the model flags what the guard let through', async () => {
      const user = await t.user();
      await t.addCoach(user, 'ai-health');
      const model = modelGateway({
        generates: [
          modelAnswer({ text: 'Two runs this week: **good**.' }),
          modelAnswer({ text: 'ok' }, 'eating'),
        ],
      });
      await withModel(model.gateway, async () => {
        const answered = reflectionSchema.parse(
          (await reflect(user, { period: 'weekly', text: 'Two runs.' })).json(),
        );
        expect(answered).toMatchObject({
          reply: 'Two runs this week: **good**.',
          crisis: false,
          engine: 'openai',
          model: model.modelId,
        });
        const flagged = reflectionSchema.parse(
          (await reflect(user, { period: 'daily', text: 'Dinner again.' })).json(),
        );
        expect(flagged).toMatchObject({ crisis: true, engine: 'openai', model: model.modelId });
        expect(flagged.reply).toMatch(/^What you describe can seriously harm your body/);
      });
      expect(model.calls.map((call) => [call.userId, call.outcome])).toEqual([
        [user.id, 'ok'],
        [user.id, 'crisis'],
      ]);
    });

    it('checks the limits before the coach: over them, a 429 and nothing stored', async () => {
      const user = await t.user();
      await t.addCoach(user, 'ai-health');
      await useUpLimits(user);
      const calls = conversation.offlineCalls.length;
      const response = await reflect(user, { period: 'daily', text: 'Fine day.' });
      expect(expectError(response, 429, 'rate_limited').message).toBe(
        'That is a lot of coaching in one minute (20 requests). Please wait 60 seconds and try again.',
      );
      expect(response.headers['retry-after']).toBe('60');
      expect(conversation.offlineCalls.length).toBe(calls);
      expect(conversation.given.reflect.some((input) => input.text === 'Fine day.')).toBe(false);
      expect(await storedReflections(user)).toEqual([]);
    });

    it('refuses bad input naming the field', async () => {
      const user = await t.user();
      await t.addCoach(user, 'ai-health');
      const cases: Array<[unknown, string]> = [
        [{ period: 'monthly', text: 'x' }, 'body.period: '],
        [{ period: 'daily', text: '  ' }, 'body.text: must not be empty'],
        [{ period: 'daily', text: 'x'.repeat(4001) }, 'body.text: must be at most 4000 characters'],
        [{ period: 'daily', text: 'x', mood: 6 }, 'body.mood: must be from 1 to 5'],
        [{ period: 'daily', text: 'x', coachId: 'rowan' }, 'body.coachId: '],
      ];
      for (const [body, message] of cases) {
        expect(expectError(await reflect(user, body), 400, 'invalid_input').message).toContain(
          message,
        );
      }
      const page = await t.call(user, 'GET', '/api/coach/reflections?limit=0');
      expect(expectError(page, 400, 'invalid_input').message).toMatch(/^querystring\.limit: /);
      const cursor = await t.call(user, 'GET', '/api/coach/reflections?cursor=nope');
      expect(expectError(cursor, 400, 'invalid_input').message).toBe(
        'querystring.cursor: must be a nextCursor from a previous page',
      );
      expect(await storedReflections(user)).toEqual([]);
    });

    it('lists a person’s own reflections newest first, page by page', async () => {
      let user = await t.user();
      await t.addCoach(user, 'ai-health');
      const other = await t.user();
      await t.addCoach(other, 'ai-health');
      await reflect(other, { period: 'daily', text: 'Not yours.' });
      const written: Reflection[] = [];
      for (let day = 0; day < 5; day += 1) {
        t.clock.advanceMinutes(60 * 24);
        // tokens live an hour
        user = await t.signIn(user);
        written.push(
          reflectionSchema.parse(
            (await reflect(user, { period: 'daily', text: `Day ${day}` })).json(),
          ),
        );
      }
      const seen: Reflection[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
        const page = reflectionListSchema.parse(
          (await t.call(user, 'GET', `/api/coach/reflections${query}`)).json(),
        );
        seen.push(...page.reflections);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...written].reverse());
    });
  });

  describe('"Ask the team"', () => {
    it('asks the team in its order and keeps the views, trade-offs, suggestion and proposals', async () => {
      const user = await t.user();
      const rowan = await t.addCoach(user, 'ai-health');
      const harper = await t.addCoach(user, 'ai-career');
      await t.call(user, 'PUT', '/api/coach/team-order', { coachIds: [harper.id, rowan.id] });
      await t.addCoach(user, 'ai-relationships', { addToTeam: false });

      // The offline engine: a view from each coach of the team that has one, in the team's order.
      const response = await ask(user, '  Run or study in the evenings?  ');
      expect(response.statusCode, response.body).toBe(201);
      const consultation = consultationSchema.parse(response.json());
      expect(consultation).toMatchObject({
        question: 'Run or study in the evenings?',
        crisis: false,
        engine: 'offline',
        model: OFFLINE_MODEL,
      });
      expect(consultation.suggestion).not.toBe('');
      const order = [harper.id, rowan.id];
      const viewed = consultation.views.map((view) => view.coachId);
      expect(viewed.length).toBeGreaterThan(0);
      expect(viewed).toEqual(order.filter((id) => viewed.includes(id)));
      expect(consultation.views[0]?.coachName).toMatch(/^(Harper|Rowan)$/);

      // A model: its views, trade-offs, suggestion and proposals are kept, the proposals as rows.
      const today = conversation.given.teamConsult.at(-1)?.facts.today ?? '';
      // the team as the gateway was given it: in its order, whatever the engine
      expect(conversation.given.teamConsult.at(-1)?.coaches.map((coach) => coach.name)).toEqual([
        'Harper',
        'Rowan',
      ]);
      const model = modelGateway({
        generates: [
          modelAnswer({
            views: [
              { coachId: harper.id, view: 'Keep two evenings for the portfolio.' },
              { coachId: rowan.id, view: 'Run on the other three.' },
            ],
            tradeOffs: ['Your goals ask for 10 h a week against 7 h.'],
            suggestion: 'Alternate the evenings.',
            proposals: [
              {
                coachId: rowan.id,
                draft: {
                  kind: 'add_task',
                  title: 'Plan the evenings',
                  goalId: null,
                  date: today,
                  minutes: 15,
                },
                reason: 'A plan settles who gets which evening.',
              },
              {
                coachId: harper.id,
                draft: {
                  kind: 'experiment',
                  title: 'Two evenings off',
                  hypothesis: 'Rest helps me write.',
                  change: 'No goals on two evenings.',
                  days: 14,
                  goalId: null,
                },
                reason: 'Rest is part of the plan.',
              },
            ],
          }),
        ],
      });
      let answered = consultation;
      t.clock.advanceMinutes(1);
      await withModel(model.gateway, async () => {
        const modelResponse = await ask(user, 'And this week?');
        expect(modelResponse.statusCode, modelResponse.body).toBe(201);
        answered = consultationSchema.parse(modelResponse.json());
      });
      expect(answered).toMatchObject({
        views: [
          {
            coachId: harper.id,
            coachName: 'Harper',
            domain: 'career',
            view: 'Keep two evenings for the portfolio.',
          },
          {
            coachId: rowan.id,
            coachName: 'Rowan',
            domain: 'health',
            view: 'Run on the other three.',
          },
        ],
        tradeOffs: ['Your goals ask for 10 h a week against 7 h.'],
        suggestion: 'Alternate the evenings.',
        engine: 'openai',
        model: model.modelId,
        proposals: [
          {
            coachId: rowan.id,
            state: 'open',
            draft: { kind: 'add_task', date: today },
            decidedAt: null,
          },
          { coachId: harper.id, state: 'open', draft: { kind: 'experiment', days: 14 } },
        ],
      });
      const rows = await t.database.db
        .select()
        .from(coachProposals)
        .where(eq(coachProposals.consultationId, answered.id));
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.messageId === null && row.userId === user.id)).toBe(true);

      const past = consultationListSchema.parse(
        (await t.call(user, 'GET', '/api/coach/consultations')).json(),
      );
      expect(past).toEqual({ consultations: [answered, consultation], nextCursor: null });
    });

    it('asks for a coach first when the team is empty', async () => {
      const user = await t.user();
      await t.addCoach(user, 'ai-health', { addToTeam: false });
      const response = await ask(user, 'What next?');
      expect(expectError(response, 409, 'conflict').message).toBe(
        'Add a coach to your team first.',
      );
      const rows = await t.database.db
        .select()
        .from(teamConsultations)
        .where(eq(teamConsultations.userId, user.id));
      expect(rows).toEqual([]);
    });

    it('answers crisis language with the help response and no proposals, before limits or the team', async () => {
      const user = await t.user();
      await t.addCoach(user, 'ai-health');
      await useUpLimits(user);
      const calls = conversation.offlineCalls.length;
      const response = await ask(user, CRISIS);
      expect(response.statusCode, response.body).toBe(201);
      const consultation = consultationSchema.parse(response.json());
      expect(consultation).toMatchObject({
        crisis: true,
        views: [],
        tradeOffs: [],
        proposals: [],
        model: SAFETY_MODEL,
      });
      expect(consultation.suggestion).toMatch(/^Thank you for telling me\./);
      expect(conversation.offlineCalls.length).toBe(calls);
    });

    it('checks the limits before the team: over them, a 429 and nothing stored', async () => {
      const user = await t.user();
      await t.addCoach(user, 'ai-health');
      await useUpLimits(user);
      expectError(await ask(user, 'What next?'), 429, 'rate_limited');
      const past = consultationListSchema.parse(
        (await t.call(user, 'GET', '/api/coach/consultations')).json(),
      );
      expect(past.consultations).toEqual([]);
    });

    it('refuses bad input naming the field, and lists only the person’s own, page by page', async () => {
      const user = await t.user();
      await t.addCoach(user, 'ai-health');
      expect(expectError(await ask(user, ' '), 400, 'invalid_input').message).toBe(
        'body.question: must not be empty',
      );
      expect(expectError(await ask(user, 'x'.repeat(4001)), 400, 'invalid_input').message).toBe(
        'body.question: must be at most 4000 characters',
      );
      expectError(
        await t.call(user, 'POST', '/api/coach/consultations', { question: 'a', extra: 1 }),
        400,
        'invalid_input',
      );

      const other = await t.user();
      await t.addCoach(other, 'ai-career');
      await ask(other, 'Theirs?');
      const asked: string[] = [];
      for (const question of ['First?', 'Second?', 'Third?']) {
        t.clock.advanceMinutes(5);
        asked.push(consultationSchema.parse((await ask(user, question)).json()).id);
      }
      const first = consultationListSchema.parse(
        (await t.call(user, 'GET', '/api/coach/consultations?limit=2')).json(),
      );
      expect(first.consultations.map((c) => c.question)).toEqual(['Third?', 'Second?']);
      const second = consultationListSchema.parse(
        (
          await t.call(user, 'GET', `/api/coach/consultations?limit=2&cursor=${first.nextCursor}`)
        ).json(),
      );
      expect(second).toMatchObject({ consultations: [{ question: 'First?' }], nextCursor: null });
    });
  });
});
