import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_KEY, HANDOFF_KEY, handOffDraft, loadDraft } from './usePostDraft.ts';

const draft = {
  title: 'Fix the fence',
  category: 'Concrete',
  description: 'Posts are loose',
  city: 'Jacksonville',
  minBudget: '1,000',
  maxBudget: '',
};

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the /post draft', () => {
  it("reads this tab's draft first", () => {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...draft, title: 'Tab draft' }));
    handOffDraft(draft);
    expect(loadDraft()?.title).toBe('Tab draft');
  });

  it('survives /login clearing session storage through the hand-over, once', () => {
    const now = 1_000_000;
    handOffDraft(draft, now);
    window.sessionStorage.clear(); // what visiting /login does
    expect(loadDraft(now + 60_000)).toEqual(draft);
    expect(window.localStorage.getItem(HANDOFF_KEY)).toBeNull();
    expect(loadDraft(now + 60_000)).toBeNull();
  });

  it('drops a hand-over older than a day, junk and unknown fields', () => {
    handOffDraft(draft, 0);
    expect(loadDraft(25 * 60 * 60 * 1000)).toBeNull();
    window.localStorage.setItem(HANDOFF_KEY, '{not json');
    expect(loadDraft()).toBeNull();
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ title: 7, city: 'Tampa', evil: '<x>' }));
    expect(loadDraft()).toEqual({ city: 'Tampa' });
  });

  it('clearDraft forgets both copies', () => {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    handOffDraft(draft);
    clearDraft();
    expect(loadDraft()).toBeNull();
  });
});
