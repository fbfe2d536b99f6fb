import fc from 'fast-check';
import { escapeHtml } from '#server/lib/html.ts';
import { describe, expect, it } from 'vitest';
import {
  type ComposeInput,
  composeEmail,
  composePush,
  composeSms,
  MAX_SMS_SEGMENTS,
  smsSegments,
} from './compose.ts';

const APP = 'https://trellis.example.com/today';

function input(tasks: ComposeInput['tasks'], overrides: Partial<ComposeInput> = {}): ComposeInput {
  return {
    deliveryId: '00000000-0000-4000-8000-00000000000d',
    localDate: '2026-11-23',
    timeZone: 'Europe/Berlin',
    coachTone: null,
    tasks,
    links: {
      completeUrl: (taskId) => `https://trellis.example.com/done?token=t-${taskId}&x=1`,
      appUrl: APP,
      scheduleUrl: 'https://trellis.example.com/schedule',
      unsubscribeUrl: 'https://trellis.example.com/unsubscribe?token=u-1',
      unsubscribePostUrl: 'https://trellis.example.com/api/links/unsubscribe?token=u-1',
    },
    ...overrides,
  };
}

const three: ComposeInput['tasks'] = [
  { taskId: 'a', title: 'Draft the grant proposal', reason: 'Due today', goalTitle: 'Get funded' },
  { taskId: 'b', title: 'Run 5 km', reason: 'Milestone in 3 days', goalTitle: 'Half marathon' },
  { taskId: 'c', title: 'Call the bank', reason: 'Waiting for 6 days', goalTitle: null },
];

/** The same three as a delivery now carries them: minutes and each goal's progress. */
const detailed: ComposeInput['tasks'] = [
  { ...three[0]!, estimatedMinutes: 45, goalProgress: 40 },
  { ...three[1]!, estimatedMinutes: 30, goalProgress: 12 },
  { ...three[2]!, estimatedMinutes: 20, goalProgress: null },
];

describe('composeEmail', () => {
  const email = composeEmail(input(three));

  it('names the local date in the subject and the one heading', () => {
    expect(email.subject).toBe('Your top three for Monday, 23 November');
    expect(email.html).toContain('<html lang="en">');
    expect(email.html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(email.html).toMatch(/<h1[^>]*>Your top three for Monday, 23 November<\/h1>/);
    expect(email.html).not.toMatch(/<table/i);
  });

  it('lists each task with its reason, goal and a "Mark done" link, in both parts', () => {
    for (const task of three) {
      expect(email.html).toContain(task.title);
      expect(email.html).toContain(task.reason);
      expect(email.html).toContain(
        `href="https://trellis.example.com/done?token=t-${task.taskId}&amp;x=1"`,
      );
      expect(email.text).toContain(task.title);
      expect(email.text).toContain(task.reason);
      expect(email.text).toContain(
        `Mark done: https://trellis.example.com/done?token=t-${task.taskId}&x=1`,
      );
    }
    expect(email.html.match(/>Mark done<\/a>/g)).toHaveLength(3);
    expect(email.html).toContain('Goal: Get funded');
    expect(email.text).toContain(
      '1. Draft the grant proposal\n   Why: Due today\n   Goal: Get funded\n',
    );
    expect(email.text).toContain('3. Call the bank\n   Why: Waiting for 6 days\n   Mark done');
  });

  it('shows each task’s goal with its progress and the minutes, and the coach’s line', () => {
    const rich = composeEmail(input(detailed, { coachTone: 'supportive' }));
    expect(rich.text).toContain(
      '1. Draft the grant proposal\n   Why: Due today\n   Goal: Get funded (40 % done) · 45 min\n',
    );
    expect(rich.text).toContain('3. Call the bank\n   Why: Waiting for 6 days\n   20 min\n');
    expect(rich.html).toContain('Goal: Get funded (40 % done) · 45 min');
    // The goal's progress as a bar, 40 % wide.
    expect(rich.html).toContain('width:40%');
    const line =
      'You’ve got this: three tasks, about 95 minutes, and each one moves you forward. Start with “Draft the grant proposal”.';
    expect(rich.text).toContain(line);
    expect(rich.html).toContain(escapeHtml(line));
    // Each tone has its own voice; no tone chosen is plain.
    const lines = (
      ['supportive', 'direct', 'analytical', 'motivational', 'mindful', null] as const
    ).map((coachTone) => composeEmail(input(detailed, { coachTone })).text.split('\n')[2]);
    expect(new Set(lines).size).toBe(6);
    expect(lines[2]).toContain('“Get funded” stands at 40 %');
  });

  it('links to the app, the schedule and the unsubscribe page', () => {
    expect(email.html).toContain(`<a href="${APP}"`);
    expect(email.html).toMatch(
      /<a href="https:\/\/trellis\.example\.com\/schedule"[^>]*>Change delivery times<\/a>/,
    );
    expect(email.html).toMatch(
      /<a href="https:\/\/trellis\.example\.com\/unsubscribe\?token=u-1"[^>]*>Unsubscribe<\/a>/,
    );
    expect(email.text).toContain(`Open Trellis: ${APP}`);
    expect(email.text).toContain('Change delivery times: https://trellis.example.com/schedule');
    expect(email.text).toContain('Unsubscribe: https://trellis.example.com/unsubscribe?token=u-1');
  });

  it('asks for one-click unsubscribe (RFC 8058) at the POST endpoint', () => {
    expect(email.headers).toEqual({
      'List-Unsubscribe': '<https://trellis.example.com/api/links/unsubscribe?token=u-1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('escapes what users typed', () => {
    const hostile = composeEmail(
      input([
        {
          taskId: 'x',
          title: '<script>alert(1)</script> & "quotes"',
          reason: 'Due today',
          goalTitle: '<img src=x onerror=alert(2)>',
        },
      ]),
    );
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;',
    );
    expect(hostile.html).toContain('Goal: &lt;img src=x onerror=alert(2)&gt;');
    // The plain-text part is text: it keeps the title as typed.
    expect(hostile.text).toContain('1. <script>alert(1)</script> & "quotes"');
  });

  it('still says something useful with no task', () => {
    const empty = composeEmail(input([]));
    expect(empty.html).not.toContain('<ol');
    expect(empty.text).toContain('Nothing is planned for today yet');
  });
});

describe('smsSegments', () => {
  it('counts GSM-7 parts of 160, then 153 septets', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(smsSegments('a'.repeat(459))).toEqual({ encoding: 'GSM-7', segments: 3 });
    expect(smsSegments('a'.repeat(460))).toEqual({ encoding: 'GSM-7', segments: 4 });
    expect(smsSegments('Ü ä ö ñ ü à é è ù ì ò Ç Ø å £$¥ @_ ¿?')).toEqual({
      encoding: 'GSM-7',
      segments: 1,
    });
  });

  it('counts extension characters as two septets and never splits them', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('€'.repeat(81))).toEqual({ encoding: 'GSM-7', segments: 2 });
    // 306 septets would fill two parts, but the euro sign after 152 septets does not fit in
    // the first part's last septet: it opens the second, which overflows into a third.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`).segments).toBe(3);
  });

  it('switches to UCS-2 parts of 70, then 67 units, for anything else', () => {
    expect(smsSegments('ж'.repeat(70))).toEqual({ encoding: 'UCS-2', segments: 1 });
    expect(smsSegments('ж'.repeat(71))).toEqual({ encoding: 'UCS-2', segments: 2 });
    expect(smsSegments('ж'.repeat(201))).toEqual({ encoding: 'UCS-2', segments: 3 });
    expect(smsSegments('ж'.repeat(202))).toEqual({ encoding: 'UCS-2', segments: 4 });
    expect(smsSegments('…').encoding).toBe('UCS-2');
    // 35 emoji are 70 units; 36 are two parts of 33 and 3 (a pair is never split).
    expect(smsSegments('😀'.repeat(35)).segments).toBe(1);
    expect(smsSegments('😀'.repeat(67)).segments).toBe(3);
    expect(smsSegments('😀'.repeat(100)).segments).toBe(4);
  });
});

describe('composeSms', () => {
  it('sends the numbered titles with reasons and goals, the app link and the unsubscribe link when they fit', () => {
    const text = composeSms(input(three));
    expect(text).toBe(
      [
        'Your top three for Mon 23 Nov:',
        '1. Draft the grant proposal. Due today. Goal: Get funded',
        '2. Run 5 km. Milestone in 3 days. Goal: Half marathon',
        '3. Call the bank. Waiting for 6 days',
        `Open Trellis: ${APP}`,
        'Stop these texts: https://trellis.example.com/unsubscribe?token=u-1',
      ].join('\n'),
    );
    expect(smsSegments(text)).toEqual({ encoding: 'GSM-7', segments: 2 });
  });

  it('says the minutes and each goal’s progress in the coach’s voice, in plain GSM-7', () => {
    const tasks = detailed.map((task, index) =>
      index === 1 ? { ...task, reason: 'The milestone “First 5K” is due Friday' } : task,
    );
    const text = composeSms(input(tasks, { coachTone: 'motivational' }));
    expect(text.split('\n').slice(0, 4)).toEqual([
      "Your top three for Mon 23 Nov. Let's go!",
      '1. Draft the grant proposal, 45 min. Due today. Goal: Get funded (40%)',
      '2. Run 5 km, 30 min. The milestone "First 5K" is due Friday. Goal: Half marathon (12%)',
      '3. Call the bank, 20 min. Waiting for 6 days',
    ]);
    expect(smsSegments(text).encoding).toBe('GSM-7');
  });

  it('drops the reasons, then the goals, then the minutes before cutting a title', () => {
    const tasks = detailed.map((task, index) => ({
      ...task,
      title: `Task ${index} ${'t'.repeat(70)}`,
      reason: `Reason ${'r'.repeat(60)}`,
    }));
    const text = composeSms(input(tasks, { coachTone: 'direct' }));
    expect(smsSegments(text).segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
    expect(text).not.toContain('Reason');
    expect(text).toContain('1. Task 0 ' + 't'.repeat(70) + ', 45 min. Goal: Get funded (40%)');
  });

  it('drops the unsubscribe link before cutting a title', () => {
    const long = (n: number) => 'word '.repeat(n).trim();
    const tasks = three.map((task, index) => ({ ...task, title: `${index} ${long(24)}` }));
    const text = composeSms(
      input(tasks, {
        links: {
          ...input([]).links,
          unsubscribeUrl: `https://t.example/u?token=${'x'.repeat(200)}`,
        },
      }),
    );
    expect(text).not.toContain('Stop these texts');
    for (const task of tasks) expect(text).toContain(task.title);
  });

  it('cuts long titles to fit three GSM-7 parts, keeping the message GSM-7', () => {
    const tasks = three.map((task, index) => ({
      ...task,
      title: `Task ${index} ${'x'.repeat(300)}`,
    }));
    const text = composeSms(input(tasks));
    expect(smsSegments(text)).toEqual({ encoding: 'GSM-7', segments: 3 });
    expect(text.match(/\.\.\.\n/g)).toHaveLength(3);
    expect(text).toContain(`Open Trellis: ${APP}`);
    // It uses the room: close to the 459 septets of three parts.
    expect(text.length).toBeGreaterThan(440);
  });

  it('cuts emoji-laden titles to fit three UCS-2 parts without breaking an emoji', () => {
    const title = '🏃‍♀️ Run 🇫🇷 with the 👨‍👩‍👧 family ✨'.repeat(6);
    const text = composeSms(input(three.map((task) => ({ ...task, title }))));
    expect(smsSegments(text)).toEqual({ encoding: 'UCS-2', segments: 3 });
    expect(text.match(/…\n/g)).toHaveLength(3);
    expect(text).toContain(`Open Trellis: ${APP}`);
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('puts a title on one line', () => {
    const text = composeSms(input([{ ...three[0]!, title: 'Line one\nline   two' }]));
    expect(text).toContain('1. Line one line two. Due today');
  });

  it('never needs more than three parts, whatever the titles (property)', () => {
    const titleArb = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: fc.constantFrom('€', '[', 'a', '😀', '👨‍👩‍👧', ' ', '\n'), maxLength: 300 }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            taskId: fc.uuid(),
            title: titleArb,
            reason: fc.string(),
            goalTitle: fc.option(fc.string()),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        (tasks) => {
          const text = composeSms(input(tasks));
          expect(smsSegments(text).segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
          expect(text).toContain(APP);
          expect(text).toContain(`${tasks.length}. `);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('composePush', () => {
  it('shows the numbered titles with minutes and reasons, the goals’ progress, and "done" and "open" actions', () => {
    const push = composePush(input(detailed, { coachTone: 'supportive' }));
    expect(push).toEqual({
      title: "Today's top three: You've got this!",
      body: [
        '1. Draft the grant proposal · 45 min · Due today',
        '2. Run 5 km · 30 min · Milestone in 3 days',
        '3. Call the bank · 20 min · Waiting for 6 days',
        'Get funded 40 % · Half marathon 12 %',
      ].join('\n'),
      actions: [
        { action: 'done', title: 'Done' },
        { action: 'open', title: 'Open' },
      ],
      data: {
        url: APP,
        completeUrl: 'https://trellis.example.com/done?token=t-a&x=1',
        deliveryId: '00000000-0000-4000-8000-00000000000d',
      },
      tag: 'top-three-2026-11-23',
    });
  });

  it('keeps each title short', () => {
    const push = composePush(input([{ ...three[0]!, title: 'y'.repeat(200) }]));
    expect(push.body).toBe(`1. ${'y'.repeat(60)}… · Due today`);
    // A payload queued before minutes, progress and tone were carried still reads well.
    expect(composePush(input(three)).title).toBe("Today's top three");
  });
});
