// The estimate wizard opened with choices made (decision 0047): /estimates/create?category=..&task=..&region=..,
// as a cost guide's "Price your own job" links to it, starts on the subtasks of the chosen task with the region
// already chosen; unknown values are ignored; the address drops its query so a reload keeps the draft.
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findRegion, regionByLocation } from '#domain/regions/index';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { currentPath, makeUser, renderApp } from '#web/test/render.tsx';
import { DRAFT_STORAGE_KEY } from '../hooks/useWizardDraft.ts';
import { emptyDraft, preselectedDraft } from './wizard-model.ts';

beforeEach(() => window.sessionStorage.clear());
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const jacksonville = regionByLocation('Jacksonville, FL')!;
const next = () => screen.getByRole('button', { name: 'Next' });

describe('preselectedDraft', () => {
  it('takes the known category, task and region (by id) and starts on the first step still to do', () => {
    expect(preselectedDraft(`category=kitchen&task=kitchen-remodel&region=${jacksonville.id}`)).toEqual({
      ...emptyDraft,
      step: 'subtasks',
      category: 'kitchen',
      task: 'kitchen-remodel',
      region: 'Jacksonville, FL',
    });
    expect(preselectedDraft('category=hvac')).toEqual({ ...emptyDraft, step: 'task', category: 'hvac' });
    expect(preselectedDraft(`region=${jacksonville.id}`)).toEqual({
      ...emptyDraft,
      step: 'category',
      region: 'Jacksonville, FL',
    });
  });

  it('ignores unknown values, a task of another category, and a task without its category', () => {
    expect(preselectedDraft('')).toBeNull();
    expect(preselectedDraft('category=roofing&task=roof&region=999999999')).toBeNull();
    expect(preselectedDraft('task=kitchen-remodel')).toBeNull();
    expect(preselectedDraft('category=kitchen&task=bathroom-remodel&region=Jacksonville')).toEqual({
      ...emptyDraft,
      step: 'task',
      category: 'kitchen',
    });
    expect(findRegion('999999999')).toBeUndefined();
  });
});

describe('the wizard opened with choices made', { timeout: 30_000 }, () => {
  it('opens on the subtasks of the chosen task, with the category, task and region chosen', async () => {
    const { user, location } = renderApp({
      path: `/estimates/create?category=kitchen&task=kitchen-remodel&region=${jacksonville.id}`,
      user: makeUser(),
    });
    expect(await screen.findByRole('heading', { name: 'Choose Subtasks' })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 7')).toBeInTheDocument();
    // The address drops its query: a reload resumes the stored draft rather than starting it again.
    await waitFor(() => expect(currentPath(location)).toBe('/estimates/create'));
    await waitFor(() =>
      expect(JSON.parse(window.sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}')).toMatchObject({
        category: 'kitchen',
        task: 'kitchen-remodel',
        region: 'Jacksonville, FL',
      }),
    );
    await expectNoAxeViolations();

    // Back shows the task and the category chosen.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: /^Kitchen Remodel/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: /^Kitchen/ })).toBeChecked();
    await user.click(next());
    await user.click(next());

    // On through a subtask, a grade and its measurement: the region is already chosen.
    await user.click(screen.getByRole('checkbox', { name: /^Sink and faucet/ }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /^Standard/ }));
    await user.click(next());
    await user.type(screen.getByLabelText(/^Quantity/), '1');
    await user.click(next());
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('Jacksonville, FL');
    expect(screen.getByRole('button', { name: 'Generate Estimate' })).toBeEnabled();
  });

  it('ignores unknown values: an unknown category opens the start page as usual', async () => {
    renderApp({ path: '/estimates/create?category=roofing&task=roof&region=1', user: makeUser() });
    expect(await screen.findByRole('button', { name: 'Start Estimate' })).toBeInTheDocument();
  });

  it('an unknown task opens the task step of the known category', async () => {
    renderApp({ path: '/estimates/create?category=hvac&task=nope&region=x', user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Pick Your Task' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^HVAC/ })).not.toBeChecked();
    expect(next()).toBeDisabled();
  });
});
