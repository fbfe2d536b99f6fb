import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoachMemory } from '#contracts/coaching.ts';
import { AT, makeCoach, USER, uuid } from '#client/test/coach-screen-fixtures.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { CoachDefaultsForm } from './coach-defaults-form.tsx';
import { CheckInsSetting, MemorySettings } from './coaching-settings.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const rowan = makeCoach({ name: 'Rowan' });
const memory = (text: string, coachId: string | null = null): CoachMemory => ({
  id: uuid(),
  coachId,
  text,
  source: 'person',
  createdAt: AT,
  updatedAt: AT,
});

describe('Settings › Coaching › memory', () => {
  it('lists, edits, deletes and adds what the coaches remember', async () => {
    const mornings = memory('Prefers mornings');
    const knee = memory('Knee injury in March', rowan.id);
    let list = [mornings, knee];
    const api = fakeApi({
      'GET /api/coach/coaches': () => ({ body: { coaches: [rowan] } }),
      'GET /api/coach/memories': () => ({ body: { memories: list } }),
      [`PATCH /api/coach/memories/${knee.id}`]: (call) => {
        const changed = { ...knee, text: (call.body as { text: string }).text };
        list = [mornings, changed];
        return { body: changed };
      },
      [`DELETE /api/coach/memories/${mornings.id}`]: () => {
        list = list.filter((m) => m.id !== mornings.id);
        return { status: 200, body: { deleted: true } };
      },
      'POST /api/coach/memories': (call) => {
        const added = { ...memory((call.body as { text: string }).text) };
        list = [added, ...list];
        return { body: added };
      },
    });
    renderScreen(<MemorySettings userId={USER} />);
    const items = await screen.findByRole('list', { name: 'What your coaches remember' });
    expect(within(items).getByText('Knee injury in March')).toBeInTheDocument();
    expect(await within(items).findByText(/Rowan · added by you/)).toBeInTheDocument();
    expect(within(items).getByText(/All your coaches · added by you/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit: Knee injury in March' }));
    const field = screen.getByRole('textbox', { name: 'Edit what your coach remembers' });
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, 'Knee fine since May{Enter}');
    expect(await screen.findByText('Knee fine since May')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/coach/memories/${knee.id}`)[0]?.body).toEqual({
      text: 'Knee fine since May',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete: Prefers mornings' }));
    expect(within(items).queryByText('Prefers mornings')).not.toBeInTheDocument();
    expect(await screen.findByText('Forgotten')).toBeInTheDocument();

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Add something to remember' }),
      'Works nights',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'For' }), rowan.id);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Works nights')).toBeInTheDocument();
    expect(api.callsTo('POST /api/coach/memories')[0]?.body).toEqual({
      text: 'Works nights',
      coachId: rowan.id,
    });
  });

  it('a memory the crisis guard refuses is not kept, and the help shows', async () => {
    fakeApi({
      'GET /api/coach/coaches': () => ({ body: { coaches: [] } }),
      'GET /api/coach/memories': () => ({ body: { memories: [] } }),
      'POST /api/coach/memories': () => ({
        status: 422,
        body: {
          crisis: {
            kind: 'crisis',
            category: 'abuse',
            message: 'You deserve to be safe.',
            resources: [{ name: 'Hotline', contact: 'Call 1800 799 7233', region: 'US' }],
          },
        },
      }),
    });
    renderScreen(<MemorySettings userId={USER} />);
    const box = await screen.findByRole('textbox', { name: 'Add something to remember' });
    await userEvent.type(box, 'words the guard flags');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByRole('heading', { name: 'Let’s pause the coaching for now' }),
    ).toHaveFocus();
    expect(screen.getByText('You deserve to be safe.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This was not saved.');
  });

  it('an empty memory says what it is for', async () => {
    fakeApi({
      'GET /api/coach/coaches': () => ({ body: { coaches: [] } }),
      'GET /api/coach/memories': () => ({ body: { memories: [] } }),
    });
    renderScreen(<MemorySettings userId={USER} />);
    expect(await screen.findByText(/Nothing yet\. Facts you add here/)).toBeInTheDocument();
  });
});

describe('Settings › Coaching › check-ins and defaults', () => {
  it('turns proactive check-ins off', async () => {
    const api = fakeApi({
      'GET /api/coach/preferences': () => ({ body: { checkIns: true } }),
      'PUT /api/coach/preferences': (call) => ({ body: call.body }),
    });
    renderScreen(<CheckInsSetting userId={USER} />);
    const box = await screen.findByRole('checkbox', { name: 'Let my coaches check in first' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(box).not.toBeChecked();
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/coach/preferences')[0]?.body).toEqual({ checkIns: false });
  });

  it('saves the default tone and focus areas, and links to each coach’s own tone', async () => {
    fakeApi({ 'GET /api/coach/coaches': () => ({ body: { coaches: [rowan] } }) });
    const onSave = vi.fn();
    renderScreen(
      <CoachDefaultsForm
        userId={USER}
        saved={{ coachTone: null, focusDomains: ['health'] }}
        saving={false}
        onSave={onSave}
      />,
    );
    expect(await screen.findByRole('link', { name: 'Customize Rowan' })).toHaveAttribute(
      'href',
      `/coaching/customize/${rowan.id}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ focusDomains: ['health'] });
    await userEvent.click(screen.getByRole('radio', { name: 'Mindful' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Career' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({
      coachTone: 'mindful',
      focusDomains: ['health', 'career'],
    });
  });
});
