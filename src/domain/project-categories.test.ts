import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { postProjectCategories, taskCategoryIds } from './catalog/categories.ts';
import { canAccess, type ProviderAccessSubject } from './plans.ts';
import {
  allProjectCategories,
  estimateCategoryOfProject,
  projectBudgetCents,
  projectCategoriesOf,
  projectCategoriesOpenTo,
  projectCategoryLabel,
  scoreProjectRecommendation,
} from './project-categories.ts';

const now = new Date('2025-06-10T12:00:00Z');
const JACKSONVILLE = 272601;

describe('project categories and the estimate categories they stand for', () => {
  it('maps each of the post form’s four categories to the estimate category of the same name', () => {
    expect(postProjectCategories.map((label) => estimateCategoryOfProject(label))).toEqual([
      'kitchen',
      'bathroom',
      'flooring',
      'concrete',
    ]);
    expect(estimateCategoryOfProject('kitchen')).toBe('kitchen');
    expect(estimateCategoryOfProject(' KITCHEN ')).toBe('kitchen');
  });

  it('maps every category the API takes for a project, and nothing else', () => {
    expect([...allProjectCategories].sort()).toEqual([...taskCategoryIds].sort());
    for (const id of taskCategoryIds) expect(estimateCategoryOfProject(id)).toBe(id);
    expect(estimateCategoryOfProject('home-repair')).toBeNull();
    expect(estimateCategoryOfProject('automotive')).toBeNull();
    expect(estimateCategoryOfProject('')).toBeNull();
  });

  it('finds the project categories of an estimate category (the feed’s category filter)', () => {
    expect(projectCategoriesOf('Kitchen')).toEqual(['kitchen']);
    expect(projectCategoriesOf('hvac')).toEqual(['hvac']);
    expect(projectCategoriesOf('painting')).toEqual([]);
  });

  it('labels a project category as its estimate category', () => {
    expect(projectCategoryLabel('hvac')).toBe('HVAC');
    expect(projectCategoryLabel('concrete')).toBe('Concrete');
  });
});

describe('which project categories a provider’s plan opens', () => {
  const future = new Date('2026-01-01T00:00:00Z');
  it.each<[string, ProviderAccessSubject, string[]]>([
    ['free: none', { subscriptionPlan: 'free' }, []],
    [
      'an ended trial: none',
      { subscriptionPlan: 'deluxe', trialEndDate: new Date('2025-06-01T00:00:00Z') },
      [],
    ],
    ['starter without a task: none', { subscriptionPlan: 'starter', tasks: [] }, []],
    [
      'starter: only its one task’s category (the second entry is ignored)',
      {
        subscriptionPlan: 'starter',
        subscriptionExpiryDate: future,
        tasks: [
          { category: 'home-repair', task: 'bathroom-remodel' },
          { category: 'home-repair', task: 'concrete' },
        ],
      },
      ['bathroom'],
    ],
    ['deluxe: all of them', { subscriptionPlan: 'deluxe', tasks: [] }, [...taskCategoryIds]],
    ['enterprise: all of them', { subscriptionPlan: 'enterprise' }, [...taskCategoryIds]],
  ])('%s', (_name, subject, expected) => {
    expect(projectCategoriesOpenTo(subject, now).sort()).toEqual([...expected].sort());
  });

  it('opens a project category exactly when canAccess opens its estimate category', () => {
    const plan = fc.constantFrom('free', 'starter', 'deluxe', 'enterprise', 'premium', 'junk');
    const task = fc.constantFrom('cabinets', 'kitchen-remodel', 'hvac', 'sod', 'stamped-concrete', 'nothing');
    fc.assert(
      fc.property(plan, fc.array(task, { maxLength: 3 }), fc.boolean(), (p, tasks, expired) => {
        const subject: ProviderAccessSubject = {
          subscriptionPlan: p,
          trialEndDate: expired ? new Date('2025-01-01T00:00:00Z') : null,
          tasks: tasks.map((t) => ({ category: 'home-repair', task: t })),
        };
        const open = new Set(projectCategoriesOpenTo(subject, now));
        for (const c of allProjectCategories) {
          expect(open.has(c)).toBe(canAccess(subject, estimateCategoryOfProject(c)!, null, now).allowed);
        }
      }),
    );
  });
});

describe('a project’s budget and recommendation', () => {
  it('sorts by the middle of its range, the one end given, or nothing', () => {
    expect(projectBudgetCents(500_000, 900_000)).toBe(700_000);
    expect(projectBudgetCents(101, 200)).toBe(150);
    expect(projectBudgetCents(null, 900_000)).toBe(900_000);
    expect(projectBudgetCents(500_000, null)).toBe(500_000);
    expect(projectBudgetCents(null, null)).toBeNull();
  });

  it('is in the provider’s area when its city is their region’s, and in their category by their task', () => {
    const p = {
      category: 'kitchen',
      city: 'jacksonville',
      createdAt: new Date(now.getTime() - 2 * 3_600_000),
      minBudgetCents: 500_000,
      maxBudgetCents: 900_000,
    };
    const near = scoreProjectRecommendation(p, { tasks: ['cabinets'], regionId: JACKSONVILLE }, now);
    expect(near.reason).toBe('In your Kitchen category in your area (jacksonville), posted 2 hours ago');
    const far = scoreProjectRecommendation(
      { ...p, city: 'Orlando' },
      { tasks: ['hvac'], regionId: JACKSONVILLE },
      now,
    );
    expect(far.reason).toBe('Kitchen work you can bid on in Orlando, posted 2 hours ago');
    expect(near.score).toBeGreaterThan(far.score);
    expect(near.score).toBeLessThanOrEqual(100);
  });
});
