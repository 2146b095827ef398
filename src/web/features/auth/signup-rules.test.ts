import { describe, expect, it } from 'vitest';
import {
  missingProviderFields,
  tasksAfterCategoryChange,
  tasksAfterPlanChange,
  toggleTask,
} from './signup-rules.ts';

describe('sign-up task rules', () => {
  it('on Starter a new task replaces the previous one, and choosing it again clears it', () => {
    expect(toggleTask(['a'], 'b', 'starter')).toEqual(['b']);
    expect(toggleTask(['b'], 'b', 'starter')).toEqual([]);
  });

  it('on Deluxe tasks add up and come off again', () => {
    expect(toggleTask(['a'], 'b', 'deluxe')).toEqual(['a', 'b']);
    expect(toggleTask(['a', 'b'], 'a', 'deluxe')).toEqual(['b']);
  });

  it('switching to Starter keeps only the first task', () => {
    expect(tasksAfterPlanChange(['a', 'b', 'c'], 'starter')).toEqual(['a']);
    expect(tasksAfterPlanChange(['a', 'b'], 'deluxe')).toEqual(['a', 'b']);
  });

  it('changing the category clears the tasks', () => {
    expect(tasksAfterCategoryChange('home-repair', 'automotive', ['a'])).toEqual([]);
    expect(tasksAfterCategoryChange(undefined, 'home-repair', ['a'])).toEqual([]);
    expect(tasksAfterCategoryChange('home-repair', 'home-repair', ['a'])).toEqual(['a']);
  });
});

describe("a provider's missing choices", () => {
  it('lists every empty choice in the order the form shows them', () => {
    expect(missingProviderFields({ selectedTasks: [] })).toEqual([
      'subscriptionPlan',
      'selectedCategory',
      'selectedTasks',
      'selectedRegion',
    ]);
    expect(
      missingProviderFields({
        subscriptionPlan: 'starter',
        selectedCategory: 'home-repair',
        selectedRegion: 2,
      }),
    ).toEqual(['selectedTasks']);
    expect(
      missingProviderFields({
        subscriptionPlan: 'deluxe',
        selectedCategory: 'home-repair',
        selectedTasks: ['electrical'],
        selectedRegion: 2,
      }),
    ).toEqual([]);
  });
});
