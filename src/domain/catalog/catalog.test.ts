import { describe, expect, it } from 'vitest';
import {
  accessCategoryIds,
  automotiveCatalog,
  automotiveQuantityLabel,
  automotiveSubtasks,
  automotiveTasks,
  catalogExportColumns,
  catalogExportRows,
  categoryLabel,
  categoryOfTask,
  estimateFilterCategoryIds,
  exclusiveConflicts,
  filterOnlyCategoryIds,
  findCategory,
  findSignupCategory,
  findSubtask,
  findTask,
  FLOORING_TYPE_GROUP,
  homeRepairCategories,
  signupCategories,
  slugKey,
  subtasksForTask,
  taskCategoryIds,
  toggleSubtask,
  tutorialLink,
  tutorialLinks,
  type Catalog,
} from './index.ts';

const all = homeRepairCategories.flatMap((c) => c.subtasks);

describe('home-repair catalogue', () => {
  // "Subtask counts: kitchen 7, bathroom 8, flooring 9, electrical 7, siding 7, concrete 7, hvac 6, landscaping 7."
  it.each([
    ['kitchen', 7],
    ['bathroom', 8],
    ['flooring', 9],
    ['electrical', 7],
    ['siding', 7],
    ['concrete', 7],
    ['hvac', 6],
    ['landscaping', 7],
  ])('subtask count: %s has %i subtasks', (id, count) => {
    expect(findCategory(id)?.subtasks).toHaveLength(count);
  });

  it('8 task categories, the same as the wizard categories, in order', () => {
    expect(homeRepairCategories.map((c) => c.id)).toEqual([...taskCategoryIds]);
  });

  // The fixed, required unit prices (source SPEC) are used exactly.
  it.each([
    ['kitchen-cabinets', 240, 'linear'],
    ['kitchen-countertops', 78.27, 'area'],
    ['kitchen-demolition', 3, 'squareFootage'],
    ['bathroom-demolition', 3, 'squareFootage'],
    ['kitchen-flooring', 5.85, 'squareFootage'],
    ['bathroom-flooring', 5.85, 'squareFootage'],
    ['kitchen-backsplash', 11.17, 'area'],
    ['bathroom-wall-tile', 11.17, 'area'],
    ['bathroom-vanity', 250, 'flatRate'],
    ['bathroom-toilet', 175, 'flatRate'],
    ['electrical-panel-upgrade', 1200, 'flatRate'],
    ['hvac-thermostat', 250, 'flatRate'],
    ['hvac-tune-up', 69, 'flatRate'],
    ['concrete-stamped', 10.03, 'area'],
    ['landscaping-sod', 0.6, 'area'],
    ['landscaping-mulch', 0.45, 'squareFootage'],
    ['landscaping-planting', 150, 'flatRate'],
    ['landscaping-tree-trimming', 200, 'flatRate'],
    ['landscaping-fence', 5, 'linear'],
    ['hvac-ducts', 10, 'linear'],
  ])('exact price: %s = %f (%s)', (id, price, type) => {
    const s = findSubtask(id);
    expect(s?.unitPrice).toBe(price);
    expect(s?.measurementType).toBe(type);
  });

  it('most siding subtasks cost 6: more than half of them', () => {
    const siding = findCategory('siding')!.subtasks;
    expect(siding.filter((s) => s.unitPrice === 6).length).toBeGreaterThan(siding.length / 2);
  });

  it('every subtask has a unique id, a unit, a price with at most 2 decimals, and a source note', () => {
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    for (const s of all) {
      expect(s.unit.length).toBeGreaterThan(0);
      expect(s.source.length).toBeGreaterThan(10);
      expect(s.unitPrice).not.toBeNull();
      expect(Math.round((s.unitPrice ?? 0) * 100) / 100).toBe(s.unitPrice);
      expect(s.unitPrice).toBeGreaterThan(0);
      expect(typeof s.active).toBe('boolean');
      expect(typeof s.note).toBe('string');
    }
  });

  it('every task id is a sign-up task id, and every task lists only its own category subtasks', () => {
    const signupTaskIds = new Set<string>(signupCategories[0].tasks.map((t) => t.id));
    for (const c of homeRepairCategories) {
      expect(c.tasks.length).toBeGreaterThan(0);
      expect(c.tutorialUrl).toMatch(/^https:\/\/www\.youtube\.com\/results\?search_query=/);
      for (const t of c.tasks) {
        expect(signupTaskIds.has(t.id)).toBe(true);
        for (const id of t.subtaskIds) expect(c.subtasks.some((s) => s.id === id)).toBe(true);
      }
      // The main task of each category offers every subtask.
      expect(c.tasks[0]!.subtaskIds).toHaveLength(c.subtasks.length);
    }
  });

  it('flooring types tile, vinyl plank, hardwood, laminate, carpet share one exclusive group', () => {
    const group = all.filter((s) => s.exclusiveGroup === FLOORING_TYPE_GROUP).map((s) => s.name);
    expect(group).toEqual(['Tile', 'Vinyl plank', 'Hardwood', 'Laminate', 'Carpet']);
  });
});

describe('look-ups', () => {
  it('slugKey normalises names and ids', () => {
    expect(slugKey(' Kitchen Remodel ')).toBe('kitchen-remodel');
    expect(slugKey('HVAC')).toBe('hvac');
    expect(slugKey('--Wall  Tile--')).toBe('wall-tile');
  });

  it('findCategory and findTask accept ids or names, case-insensitive', () => {
    expect(findCategory('Kitchen')?.id).toBe('kitchen');
    expect(findCategory('HVAC')?.id).toBe('hvac');
    expect(findCategory('painting')).toBeUndefined();
    expect(findTask('kitchen', 'Kitchen Remodel')?.id).toBe('kitchen-remodel');
    expect(findTask('kitchen', 'cabinets')?.name).toBe('Cabinets');
    expect(findTask('bathroom', 'cabinets')).toBeUndefined();
    expect(findTask('nope', 'cabinets')).toBeUndefined();
  });

  it('findSubtask finds across categories and misses unknown ids', () => {
    expect(findSubtask('hvac-ducts')?.name).toBe('Ducts');
    expect(findSubtask('nope')).toBeUndefined();
  });

  it('subtasksForTask returns the task list in order, active only', () => {
    expect(subtasksForTask('kitchen', 'cabinets').map((s) => s.id)).toEqual([
      'kitchen-demolition',
      'kitchen-cabinets',
    ]);
    expect(subtasksForTask('kitchen', 'nope')).toEqual([]);
    const custom: Catalog = [
      {
        id: 'x',
        name: 'X',
        tutorialUrl: '',
        subtasks: [
          { ...findSubtask('hvac-ducts')!, id: 'x-a' },
          { ...findSubtask('hvac-ducts')!, id: 'x-b', active: false },
        ],
        tasks: [{ id: 'x', name: 'X', subtaskIds: ['x-a', 'x-b', 'x-missing'] }],
      },
    ];
    expect(subtasksForTask('x', 'x', custom).map((s) => s.id)).toEqual(['x-a']);
  });

  it('categoryOfTask maps sign-up tasks to estimate categories', () => {
    expect(categoryOfTask('cabinets')).toBe('kitchen');
    expect(categoryOfTask('Wall Tile')).toBe('bathroom');
    expect(categoryOfTask('painting')).toBeUndefined();
  });

  it('flooring exclusivity: conflicts and toggling', () => {
    expect(exclusiveConflicts(['flooring-tile', 'flooring-removal'])).toEqual([]);
    expect(exclusiveConflicts(['flooring-tile', 'flooring-carpet', 'nope'])).toEqual([
      'flooring-tile',
      'flooring-carpet',
    ]);
    expect(toggleSubtask(['flooring-tile', 'flooring-removal'], 'flooring-hardwood')).toEqual([
      'flooring-removal',
      'flooring-hardwood',
    ]);
    expect(toggleSubtask(['flooring-tile'], 'flooring-tile')).toEqual([]);
    expect(toggleSubtask(['flooring-tile'], 'flooring-removal')).toEqual([
      'flooring-tile',
      'flooring-removal',
    ]);
  });
});

describe('category lists', () => {
  it('filter-only categories and the My Estimates filter order', () => {
    expect([...filterOnlyCategoryIds]).toEqual(['painting', 'plumbing', 'roofing', 'carpentry', 'general']);
    expect([...estimateFilterCategoryIds]).toEqual([
      'bathroom',
      'kitchen',
      'landscaping',
      'painting',
      'flooring',
      'electrical',
      'plumbing',
      'roofing',
      'carpentry',
      'general',
    ]);
  });

  it('the nine access categories', () => {
    expect([...accessCategoryIds]).toEqual([
      'kitchen',
      'bathroom',
      'flooring',
      'electrical',
      'home-repair',
      'siding',
      'concrete',
      'hvac',
      'landscaping',
    ]);
  });

  it('sign-up: only home-repair, with the 12 named tasks', () => {
    expect(signupCategories.map((c) => c.id)).toEqual(['home-repair']);
    expect(findSignupCategory('home-repair')?.tasks.map((t) => t.name)).toEqual([
      'Kitchen Remodel',
      'Bathroom Remodel',
      'Flooring',
      'Concrete',
      'Painting',
      'Wall Tile',
      'Countertops',
      'Cabinets',
      'Electrical',
      'HVAC',
      'Siding',
      'Landscaping',
    ]);
    expect(findSignupCategory('automotive')).toBeUndefined();
  });

  it('categoryLabel names known ids and title-cases others', () => {
    expect(categoryLabel('hvac')).toBe('HVAC');
    expect(categoryLabel('home-repair')).toBe('Home Repair');
    expect(categoryLabel('pool_and-spa')).toBe('Pool And Spa');
  });

  it('tutorial links: a YouTube search per category, never a video id', () => {
    for (const id of [...taskCategoryIds, ...filterOnlyCategoryIds, 'home-repair', 'automotive']) {
      expect(tutorialLinks[id]).toMatch(/^https:\/\/www\.youtube\.com\/results\?search_query=[a-z+]+$/);
    }
    expect(tutorialLink('Kitchen')).toBe(tutorialLinks.kitchen);
    expect(tutorialLink('pool')).toBe('https://www.youtube.com/results?search_query=pool+tutorial');
  });
});

describe('automotive catalogue', () => {
  it('every subtask belongs to a task, has a price and a source', () => {
    for (const s of automotiveSubtasks) {
      expect(automotiveTasks.some((t) => t.id === s.taskId)).toBe(true);
      expect(s.price).toBeGreaterThan(0);
      expect(s.source.length).toBeGreaterThan(10);
    }
    expect(new Set(automotiveSubtasks.map((s) => s.id)).size).toBe(automotiveSubtasks.length);
  });

  it('quantity labels: FlatRate Quantity, PerAxle Number of Axles, PerTire Number of Tires, PerLine Number of Lines, Linked none', () => {
    expect(automotiveQuantityLabel('FlatRate')).toBe('Quantity (service)');
    expect(automotiveQuantityLabel('PerAxle')).toBe('Number of Axles (axle)');
    expect(automotiveQuantityLabel('PerTire')).toBe('Number of Tires (tire)');
    expect(automotiveQuantityLabel('PerLine')).toBe('Number of Lines (line)');
    expect(automotiveQuantityLabel('Linked')).toBeNull();
  });

  it('GET /api/catalog/automotive shape: tasks, subtasks, measurementMeta', () => {
    const c = automotiveCatalog();
    expect(c.tasks[0]).toEqual({ id: 'brakes', name: 'Brakes' });
    expect(c.subtasks).toHaveLength(automotiveSubtasks.length);
    expect(c.measurementMeta.every((m) => automotiveSubtasks.some((s) => s.id === m.subtaskId))).toBe(true);
    expect(new Set(c.measurementMeta.map((m) => m.measurementType))).toEqual(
      new Set(['FlatRate', 'PerAxle', 'PerTire', 'PerLine', 'Linked']),
    );
  });
});

describe('catalogue export', () => {
  it('one row per subtask with price, unit, equation, status and note', () => {
    const rows = catalogExportRows();
    expect(rows).toHaveLength(all.length + automotiveSubtasks.length);
    const countertops = rows.find((r) => r.subtaskId === 'kitchen-countertops')!;
    expect(countertops).toMatchObject({
      catalog: 'home-repair',
      category: 'kitchen',
      tasks: 'Kitchen Remodel; Countertops',
      unitPrice: 78.27,
      measurementUnit: 'sq ft',
      status: 'active',
    });
    expect(countertops.equation).toBe('length x width x unit price x grade multiplier x region multiplier');
    expect(rows.find((r) => r.subtaskId === 'brake-pads')?.equation).toBe(
      'number of axles x unit price x grade multiplier',
    );
    expect(rows.find((r) => r.subtaskId === 'tire-rotation')?.equation).toBe(
      'unit price x grade multiplier (charged once)',
    );
    for (const r of rows) expect(Object.keys(r).sort()).toEqual([...catalogExportColumns].sort());
  });

  it('inactive subtasks are exported as inactive with their note', () => {
    const base = findSubtask('hvac-ducts')!;
    const rows = catalogExportRows([
      {
        id: 'x',
        name: 'X',
        tutorialUrl: '',
        subtasks: [{ ...base, id: 'x-off', active: false, note: 'Retired' }],
        tasks: [],
      },
    ]);
    expect(rows[0]).toMatchObject({ subtaskId: 'x-off', status: 'inactive', note: 'Retired', tasks: '' });
  });
});
