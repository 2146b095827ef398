import { describe, expect, it } from 'vitest';
import { exclusiveConflicts, findSubtask, findTask, subtasksForTask } from './catalog/home-repair.ts';
import { taskCategoryIds } from './catalog/categories.ts';
import { usualMaximum } from './catalog/usual-measurements.ts';
import {
  ACCURACY_MIN_JOBS,
  ACCURACY_WINDOW_DAYS,
  findPlace,
  guidePath,
  nearbyPlaces,
  placeSlug,
  priceGuide,
  rangesDiffering,
  typicalJobInput,
  typicalJobView,
  typicalJobs,
  wizardPath,
} from './cost-guides.ts';
import { measuredQuantity, priceEstimate, gradeLevels } from './pricing.ts';
import { decimalToNumber, roundDiv, toPermille } from './money.ts';
import { regions, type Region } from './regions/index.ts';
import { priceGuideSchema } from './schemas/cost-guide.schema.ts';

const place = (slug: string): Region => {
  const r = findPlace(slug);
  if (!r) throw new Error(`no place ${slug}`);
  return r;
};

describe('places', () => {
  it('is the name and state lower-cased, every run of other characters one hyphen', () => {
    expect(placeSlug({ name: 'Jacksonville', state: 'FL' })).toBe('jacksonville-fl');
    expect(placeSlug({ name: 'Alabama (Nonmetropolitan)', state: 'AL' })).toBe('alabama-nonmetropolitan-al');
    expect(placeSlug({ name: "Coeur d'Alene", state: 'ID' })).toBe('coeur-d-alene-id');
    expect(placeSlug({ name: 'Winston-Salem', state: 'NC' })).toBe('winston-salem-nc');
  });

  it('no two regions share a place, and each place finds its region', () => {
    const slugs = regions.map(placeSlug);
    expect(new Set(slugs).size).toBe(regions.length);
    for (const r of regions) expect(findPlace(placeSlug(r))).toBe(r);
  });

  it('an unknown place finds nothing', () => {
    expect(findPlace('atlantis-xx')).toBeUndefined();
    expect(findPlace('Jacksonville-FL')).toBeUndefined();
  });
});

describe('addresses', () => {
  it('a guide is /cost-guides/{category}/{place}', () => {
    expect(guidePath('kitchen', 'jacksonville-fl')).toBe('/cost-guides/kitchen/jacksonville-fl');
  });

  it('the wizard opens with the category, task and region chosen', () => {
    const url = new URL(wizardPath('kitchen', 'kitchen-remodel', 272601), 'http://x');
    expect(url.pathname).toBe('/estimates/create');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      category: 'kitchen',
      task: 'kitchen-remodel',
      region: '272601',
    });
  });

  it('the accuracy needs 5 jobs of the last 365 days', () => {
    expect(ACCURACY_MIN_JOBS).toBe(5);
    expect(ACCURACY_WINDOW_DAYS).toBe(365);
  });
});

describe('typical jobs', () => {
  it('one per home-repair category', () => {
    expect(Object.keys(typicalJobs).sort()).toEqual([...taskCategoryIds].sort());
  });

  it.each(taskCategoryIds)(
    '%s: the task offers every subtask, each measured, modest and without conflict',
    (c) => {
      const job = typicalJobs[c];
      expect(findTask(c, job.task)?.id).toBe(job.task);
      const offered = subtasksForTask(c, job.task).map((s) => s.id);
      expect(job.subtasks.length).toBeGreaterThan(0);
      for (const id of job.subtasks) {
        expect(offered).toContain(id);
        const s = findSubtask(id)!;
        const q = decimalToNumber(measuredQuantity(s, job.measurements[id]));
        expect(q, id).toBeGreaterThan(0);
        const usual = usualMaximum(id);
        if (usual) expect(q, id).toBeLessThanOrEqual(usual.max);
      }
      expect(Object.keys(job.measurements).sort()).toEqual([...job.subtasks].sort());
      expect(exclusiveConflicts(job.subtasks)).toEqual([]);
      expect(job.description.length).toBeGreaterThan(20);
    },
  );

  it('shows each subtask as measured', () => {
    const v = typicalJobView('kitchen');
    expect(v.taskName).toBe('Kitchen Remodel');
    expect(v.subtasks.find((s) => s.id === 'kitchen-countertops')).toMatchObject({
      quantity: 50,
      unit: 'sq ft',
      measured: '25 ft x 2 ft',
    });
    expect(v.subtasks.find((s) => s.id === 'kitchen-recessed-lighting')?.measured).toBe('4 each');
  });
});

const samples = ['jacksonville-fl', 'san-jose-ca', 'mississippi-nonmetropolitan-ms', 'anchorage-ak'].map(
  place,
);

describe('priceGuide', () => {
  it.each(taskCategoryIds)("%s: every grade's total is priceEstimate's for the typical job there", (c) => {
    for (const region of samples) {
      const guide = priceGuide(c, region);
      expect(guide.grades.map((g) => g.grade)).toEqual([...gradeLevels]);
      for (const g of guide.grades) {
        const p = priceEstimate(typicalJobInput(c, g.grade, region));
        expect(g.totalCents).toBe(p.finalCents);
        expect([g.minCents, g.maxCents]).toEqual([p.minCents, p.maxCents]);
      }
      // The wizard's own input for the same choices (region by its "City, ST" label) gives the same Standard total.
      const wizard = priceEstimate({
        category: c,
        task: typicalJobs[c].task,
        subtasks: typicalJobs[c].subtasks,
        measurements: typicalJobs[c].measurements,
        gradeLevel: 'Standard',
        region: region.location,
      });
      expect(guide.grades.find((g) => g.grade === 'Standard')!.totalCents).toBe(wizard.finalCents);
    }
  });

  it.each(taskCategoryIds)('%s: grades are ordered Economy < Standard < Medium < Premium', (c) => {
    for (const region of samples) {
      const totals = priceGuide(c, region).grades.map((g) => g.totalCents);
      for (let i = 1; i < totals.length; i++) expect(totals[i]!).toBeGreaterThan(totals[i - 1]!);
    }
  });

  it.each(taskCategoryIds)(
    "%s: each line's arithmetic gives its amount, and the lines add up to the total",
    (c) => {
      for (const region of samples) {
        for (const g of priceGuide(c, region).grades) {
          expect(g.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(g.totalCents);
          for (const l of g.lines) {
            expect(l.localFactor).toBe(region.multiplier);
            // quantity x unit price x grade x factor, rounded half up to the cent.
            const exact =
              BigInt(Math.round(l.quantity * 100)) *
              BigInt(l.unitPriceCents) *
              BigInt(toPermille(l.gradeMultiplier)) *
              BigInt(toPermille(l.localFactor));
            expect(Number(roundDiv(exact, 100_000_000n))).toBe(l.amountCents);
            // The words say the same: "{quantity} {unit} x ${unit price} x {grade} x {factor} = ${amount}".
            const m = /^([\d,.]+) (.+) x \$([\d,.]+) x ([\d.]+) x ([\d.]+) = \$([\d,.]+)$/.exec(l.arithmetic);
            expect(m, l.arithmetic).not.toBeNull();
            const num = (i: number) => Number(m![i]!.replace(/,/g, ''));
            expect([num(1), m![2], num(3), num(4), num(5), num(6)]).toEqual([
              l.quantity,
              l.unit,
              l.unitPriceCents / 100,
              l.gradeMultiplier,
              l.localFactor,
              l.amountCents / 100,
            ]);
          }
        }
      }
    },
  );

  it('shows the arithmetic in words a reader can follow', () => {
    const standard = priceGuide('kitchen', place('jacksonville-fl')).grades[1]!;
    expect(standard.lines[0]!.arithmetic).toBe('120 sq ft x $3.00 x 1 x 0.995 = $358.20');
    const siding = priceGuide('siding', place('jacksonville-fl')).grades[1]!;
    expect(siding.lines[0]!.arithmetic).toBe('1,200 sq ft x $1.50 x 1 x 0.995 = $1,791.00');
  });

  it("names the factor's source, what is not included, when prices were reviewed; validates", () => {
    const guide = priceGuide('hvac', place('jacksonville-fl'));
    expect(guide.localFactor).toMatchObject({
      multiplier: 0.995,
      area: 'Jacksonville, FL (Metropolitan Statistical Area)',
      year: 2024,
    });
    expect(guide.localFactor.series).toMatch(/Regional Price Parities/);
    expect(guide.exclusions.join(' ')).toMatch(/Permits.*Sales tax.*Disposal/s);
    expect(guide.pricesReviewedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(priceGuideSchema.parse(guide)).toEqual(guide);
  });

  it("each line carries the catalogue's source and says where a published range differs from ours", () => {
    const lines = priceGuide('siding', place('jacksonville-fl')).grades[1]!.lines;
    const removal = lines.find((l) => l.subtaskId === 'siding-removal')!;
    expect(removal.source).toBe(findSubtask('siding-removal')!.source);
    expect(removal.sourceUrls).toEqual([
      'https://www.modernize.com/siding/removal',
      'https://newenglandmetalroof.com/?p=6718',
    ]);
    expect(removal.rangesDiffering).toEqual([
      { low: 0.25, high: 1, url: 'https://www.modernize.com/siding/removal' },
    ]);
    expect(lines.find((l) => l.subtaskId === 'siding-vinyl')!.rangesDiffering).toEqual([]);
  });
});

describe('rangesDiffering', () => {
  it('an open-ended range ("$1,200-$3,500+") has no top', () => {
    expect(rangesDiffering('Level 2: $1,200-$3,500+ (https://a.example/x)', 5000)).toEqual([]);
    expect(rangesDiffering('Level 2: $1,200-$3,500+ (https://a.example/x)', 1000)).toEqual([
      { low: 1200, high: 3500, url: 'https://a.example/x' },
    ]);
  });

  it('a source without a range has nothing to differ from', () => {
    expect(rangesDiffering(findSubtask('kitchen-cabinets')!.source, 240)).toEqual([]);
  });
});

describe('nearbyPlaces', () => {
  it('the 5 places of the same state with the nearest factor, not itself', () => {
    for (const region of ['jacksonville-fl', 'san-jose-ca', 'dallas-tx', 'ohio-nonmetropolitan-oh'].map(
      place,
    )) {
      const near = nearbyPlaces(region);
      expect(near).toHaveLength(5);
      expect(near.map((r) => r.id)).not.toContain(region.id);
      for (const r of near) expect(r.state).toBe(region.state);
      const farthest = Math.max(...near.map((r) => Math.abs(r.multiplier - region.multiplier)));
      const others = regions.filter(
        (r) => r.state === region.state && r.id !== region.id && !near.includes(r),
      );
      for (const r of others)
        expect(Math.abs(r.multiplier - region.multiplier)).toBeGreaterThanOrEqual(farthest);
    }
  });

  it('a state with fewer places gives what there is', () => {
    const ak = place('anchorage-ak');
    expect(nearbyPlaces(ak).map((r) => r.state)).toEqual(['AK', 'AK', 'AK']);
  });
});
