import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildSavedEstimatePayload,
  calculationEquations,
  estimateInputFromPayload,
  estimateRangeCents,
  gradeLevels,
  gradeMultipliers,
  measuredQuantity,
  measurementFields,
  parseMeasurements,
  priceEstimate,
  priceLine,
  regionLabel,
  splitRegion,
  type EstimateInput,
  type GradeLevel,
} from './pricing.ts';
import { findSubtask, homeRepairCategories } from './catalog/home-repair.ts';
import { priceAutomotive } from './catalog/automotive.ts';
import { measurementTypes, type Subtask } from './catalog/types.ts';
import {
  decimalToNumber,
  fromCents,
  multiplyDecimals,
  parseDecimal,
  roundDiv,
  toCents,
  toPermille,
} from './money.ts';
import { regionByLocation } from './regions/index.ts';
import { savedEstimatePayloadSchema } from './schemas/estimate.schema.ts';

const base: EstimateInput = {
  category: 'kitchen',
  task: 'kitchen-remodel',
  subtasks: ['kitchen-countertops'],
  measurements: { 'kitchen-countertops': { length: '10', width: '2.5' } },
  gradeLevel: 'Standard',
  region: 'Unknown, ZZ',
};

describe('money helpers', () => {
  it.each([
    ['12.5', 125n, 1],
    ['0', 0n, 0],
    ['.5', 5n, 1],
    ['5.', 5n, 0],
    [' 7 ', 7n, 0],
  ])('parseDecimal(%j) is exact', (text, n, scale) => {
    expect(parseDecimal(text)).toEqual({ n, scale });
  });
  it.each(['', '.', '-1', '1e5', 'abc', '1.2.3'])(
    'parseDecimal rejects %j (digits with an optional decimal point)',
    (t) => {
      expect(parseDecimal(t)).toBeNull();
    },
  );
  it('parseDecimal handles numbers and rejects non-finite ones', () => {
    expect(parseDecimal(10.25)).toEqual({ n: 1025n, scale: 2 });
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal(-2)).toBeNull();
  });
  it('decimal arithmetic, rounding half up, cents and per mille', () => {
    expect(decimalToNumber(multiplyDecimals({ n: 25n, scale: 1 }, { n: 4n, scale: 0 }))).toBe(10);
    expect(roundDiv(5n, 10n)).toBe(1n);
    expect(roundDiv(4n, 10n)).toBe(0n);
    expect(toCents(78.27)).toBe(7827);
    expect(toCents(0.45)).toBe(45);
    expect(fromCents(7827)).toBe(78.27);
    expect(toPermille(1.031)).toBe(1031);
  });
});

describe('grade and measurement types', () => {
  it('grade multipliers Economy 0.8, Standard 1, Medium 1.2, Premium 1.3', () => {
    expect(gradeMultipliers).toEqual({ Economy: 0.8, Standard: 1, Medium: 1.2, Premium: 1.3 });
  });

  it.each([
    ['area', ['length', 'width']],
    ['squareFootage', ['squareFootage']],
    ['linear', ['length']],
    ['flatRate', ['quantity']],
    ['none', []],
  ] as const)('measurement fields of %s', (type, keys) => {
    expect(measurementFields({ measurementType: type, unit: 'each' }).map((f) => f.key)).toEqual(keys);
    expect(calculationEquations[type]).toContain('unit price');
  });

  it('measuredQuantity: area multiplies length and width; missing or malformed gives 0; none gives 1', () => {
    const area = { measurementType: 'area', unit: 'sq ft' } as const;
    expect(decimalToNumber(measuredQuantity(area, { length: '10.5', width: 2 }))).toBe(21);
    expect(decimalToNumber(measuredQuantity(area, { length: '10' }))).toBe(0);
    expect(decimalToNumber(measuredQuantity(area, { length: 'x', width: '2' }))).toBe(0);
    expect(decimalToNumber(measuredQuantity(area))).toBe(0);
    expect(decimalToNumber(measuredQuantity({ measurementType: 'none', unit: 'job' }))).toBe(1);
  });
});

describe('priceLine and priceEstimate', () => {
  const countertops = findSubtask('kitchen-countertops')!;

  it('area items multiply by measurements and grade: 10 x 2.5 x 78.27 x 1.2 = 2348.10', () => {
    const line = priceLine(countertops, { length: '10', width: '2.5' }, 'Medium', 1);
    expect(line).toMatchObject({
      quantity: 25,
      unit: 'sq ft',
      unitPrice: 78.27,
      baseCents: 195675,
      amountCents: 234810,
    });
    expect(line.amount).toBe(2348.1);
  });

  it('square-footage items multiply by squareFootage: 200 x 5.85 = 1170', () => {
    const line = priceLine(findSubtask('kitchen-flooring')!, { squareFootage: '200' }, 'Standard', 1);
    expect(line.amountCents).toBe(117000);
  });

  it('flat rate multiplies by quantity; linear by length; none once', () => {
    expect(priceLine(findSubtask('bathroom-toilet')!, { quantity: 2 }, 'Standard', 1).amountCents).toBe(
      35000,
    );
    expect(priceLine(findSubtask('kitchen-cabinets')!, { length: '12' }, 'Economy', 1).amountCents).toBe(
      230400,
    );
    expect(priceLine(findSubtask('landscaping-yard-cleanup')!, {}, 'Premium', 1).amountCents).toBe(45500);
  });

  it('subtasks with no rate give 0', () => {
    const noRate: Subtask = { ...countertops, id: 'x', unitPrice: null };
    expect(priceLine(noRate, { length: '10', width: '10' }, 'Premium', 1.5)).toMatchObject({
      amountCents: 0,
      unitPrice: 0,
    });
  });

  it('region multiplier comes from the list; unknown or missing region defaults to 1', () => {
    const dallas = regionByLocation('Dallas, TX')!;
    const p = priceEstimate({ ...base, region: 'Dallas, TX' });
    expect(p.regionMultiplier).toBe(dallas.multiplier);
    expect(p.finalCents).toBe(Number(roundDiv(195675n * BigInt(toPermille(dallas.multiplier)), 1000n)));
    expect(priceEstimate({ ...base, region: dallas.id }).finalCents).toBe(p.finalCents);
    expect(priceEstimate(base).regionMultiplier).toBe(1);
    expect(priceEstimate(base).finalEstimate).toBe(1956.75);
  });

  it('range is 0.8x to 1.2x, rounded to the cent; final rounded to 2 decimals', () => {
    const p = priceEstimate(base);
    expect(p).toMatchObject({
      finalCents: 195675,
      minCents: 156540,
      maxCents: 234810,
      minBudget: 1565.4,
      maxBudget: 2348.1,
    });
    expect(estimateRangeCents(1)).toEqual({ minCents: 1, maxCents: 1 });
    expect(estimateRangeCents(0)).toEqual({ minCents: 0, maxCents: 0 });
  });

  it('line items add up to the final estimate exactly', () => {
    const p = priceEstimate({
      ...base,
      subtasks: ['kitchen-countertops', 'kitchen-cabinets', 'kitchen-sink-faucet'],
      measurements: {
        'kitchen-countertops': { length: '10.33', width: '2.17' },
        'kitchen-cabinets': { length: '13.7' },
        'kitchen-sink-faucet': { quantity: '1' },
      },
      gradeLevel: 'Premium',
      region: 'San Francisco, CA',
    });
    expect(p.lines).toHaveLength(3);
    expect(p.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(p.finalCents);
  });

  it('unknown subtask ids throw (validate with the schema first)', () => {
    expect(() => priceEstimate({ ...base, subtasks: ['nope'] })).toThrow(RangeError);
  });
});

describe('saved-estimate payload', () => {
  it('title, description, lowercase category, JSON measurements, range, city/state split, draft', () => {
    const payload = buildSavedEstimatePayload({
      ...base,
      category: 'Kitchen',
      task: 'Kitchen Remodel',
      region: 'Dallas, TX',
    });
    const price = priceEstimate({ ...base, region: 'Dallas, TX' });
    expect(payload).toEqual({
      title: 'Kitchen Remodel - Kitchen',
      description: 'Kitchen Remodel project with 1 subtasks',
      category: 'kitchen',
      task: 'Kitchen Remodel',
      subtasks: ['kitchen-countertops'],
      measurements: JSON.stringify(base.measurements),
      gradeLevel: 'Standard',
      region: 'Dallas, TX',
      finalEstimate: price.finalEstimate,
      minBudget: price.minBudget,
      maxBudget: price.maxBudget,
      address: null,
      city: 'Dallas',
      state: 'TX',
      zipCode: '',
      status: 'draft',
    });
  });

  it('region given as an id is stored as its label; unknown names fall back to the input', () => {
    const dallas = regionByLocation('Dallas, TX')!;
    expect(buildSavedEstimatePayload({ ...base, region: dallas.id }).region).toBe('Dallas, TX');
    expect(regionLabel(1)).toBe('1');
    const odd = buildSavedEstimatePayload({
      ...base,
      category: 'Mystery',
      task: 'Thing',
      subtasks: [],
      measurements: {},
    });
    expect(odd).toMatchObject({ title: 'Thing - Mystery', category: 'mystery', finalEstimate: 0 });
  });

  it('city is the text before the first comma, state the text after', () => {
    expect(splitRegion('Alabama (Nonmetropolitan), AL')).toEqual({
      city: 'Alabama (Nonmetropolitan)',
      state: 'AL',
    });
    expect(splitRegion('A, B, C')).toEqual({ city: 'A', state: 'B, C' });
    expect(splitRegion('Nowhere')).toEqual({ city: 'Nowhere', state: '' });
  });

  it('measurements may arrive as a JSON string; bad input reads as empty', () => {
    expect(parseMeasurements('{"a":{"length":"2","x":true},"b":3,"c":[1]}')).toEqual({ a: { length: '2' } });
    expect(parseMeasurements('not json')).toEqual({});
    expect(parseMeasurements(null)).toEqual({});
    expect(parseMeasurements([1])).toEqual({});
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties

const decimalText = fc
  .tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 99 }))
  .map(([w, f]) => `${w}.${String(f).padStart(2, '0')}`);
const grade = fc.constantFrom(...gradeLevels);
const kitchenSubtasks = homeRepairCategories[0]!.subtasks;
const regionLabels = fc.constantFrom(
  'Dallas, TX',
  'San Francisco, CA',
  'Alabama (Nonmetropolitan), AL',
  'Unknown, ZZ',
);

function measurementsFor(s: Subtask, a: string, b: string): Record<string, string> {
  switch (s.measurementType) {
    case 'area':
      return { length: a, width: b };
    case 'squareFootage':
      return { squareFootage: a };
    case 'linear':
      return { length: a };
    case 'flatRate':
      return { quantity: String(Math.max(1, Math.floor(Number(a)))) };
    default:
      return {};
  }
}

const estimateArb = fc
  .record({
    picks: fc.uniqueArray(fc.integer({ min: 0, max: kitchenSubtasks.length - 1 }), {
      minLength: 1,
      maxLength: 7,
    }),
    a: decimalText,
    b: decimalText,
    gradeLevel: grade,
    region: regionLabels,
  })
  .map(({ picks, a, b, gradeLevel, region }): EstimateInput => {
    const subs = picks.map((i) => kitchenSubtasks[i]!);
    return {
      category: 'kitchen',
      task: 'kitchen-remodel',
      subtasks: subs.map((s) => s.id),
      measurements: Object.fromEntries(subs.map((s) => [s.id, measurementsFor(s, a, b)])),
      gradeLevel,
      region,
    };
  });

describe('pricing properties', () => {
  it('monotonic in quantity: more square feet never costs less', () => {
    const sub = findSubtask('kitchen-flooring')!;
    fc.assert(
      fc.property(
        decimalText,
        decimalText,
        grade,
        fc.double({ min: 0.5, max: 1.5, noNaN: true }),
        (x, y, g, r) => {
          const [lo, hi] = Number(x) <= Number(y) ? [x, y] : [y, x];
          const mult = Math.round(r * 1000) / 1000;
          expect(priceLine(sub, { squareFootage: lo }, g, mult).amountCents).toBeLessThanOrEqual(
            priceLine(sub, { squareFootage: hi }, g, mult).amountCents,
          );
        },
      ),
    );
  });

  it('monotonic in grade: Economy <= Standard <= Medium <= Premium', () => {
    fc.assert(
      fc.property(estimateArb, (input) => {
        const totals = gradeLevels.map(
          (g: GradeLevel) => priceEstimate({ ...input, gradeLevel: g }).finalCents,
        );
        for (let i = 1; i < totals.length; i++) expect(totals[i - 1]).toBeLessThanOrEqual(totals[i]!);
      }),
    );
  });

  it('range bounds: min <= final <= max, min ~ 0.8x and max ~ 1.2x within half a cent', () => {
    fc.assert(
      fc.property(estimateArb, (input) => {
        const p = priceEstimate(input);
        expect(p.minCents).toBeLessThanOrEqual(p.finalCents);
        expect(p.finalCents).toBeLessThanOrEqual(p.maxCents);
        expect(Math.abs(p.minCents - p.finalCents * 0.8)).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(Math.abs(p.maxCents - p.finalCents * 1.2)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });

  it('rounding stable: cents are integers, dollars have at most 2 decimals, recomputation is identical', () => {
    fc.assert(
      fc.property(estimateArb, (input) => {
        const p = priceEstimate(input);
        for (const c of [p.finalCents, p.minCents, p.maxCents, ...p.lines.map((l) => l.amountCents)]) {
          expect(Number.isInteger(c)).toBe(true);
        }
        expect(Math.round(p.finalEstimate * 100)).toBe(p.finalCents);
        expect(priceEstimate(structuredClone(input))).toEqual(p);
      }),
    );
  });

  it('client/server round-trip: payload -> JSON -> schema -> recomputed price is the same to the cent', () => {
    fc.assert(
      fc.property(estimateArb, (input) => {
        const filtered = input.region === 'Unknown, ZZ' ? { ...input, region: 'Dallas, TX' } : input;
        const payload = buildSavedEstimatePayload(filtered);
        const wire = JSON.parse(JSON.stringify(payload)) as unknown;
        const parsed = savedEstimatePayloadSchema.safeParse(wire);
        const positive = Object.values(filtered.measurements).every((m) =>
          Object.values(m).every((v) => Number(v) > 0),
        );
        if (!positive) return; // zero dimensions are refused by the schema; nothing to compare
        expect(parsed.success).toBe(true);
        if (!parsed.success) return;
        const recomputed = priceEstimate(estimateInputFromPayload(parsed.data));
        expect(recomputed.finalEstimate).toBe(payload.finalEstimate);
        expect(recomputed.minBudget).toBe(payload.minBudget);
        expect(recomputed.maxBudget).toBe(payload.maxBudget);
      }),
    );
  });
});

describe('automotive pricing', () => {
  it('total = grade multiplier x sum(price x quantity); Linked counts once', () => {
    const r = priceAutomotive('Premium', [
      { subtaskId: 'brake-pads', quantity: 2 },
      { subtaskId: 'tire-rotation', quantity: 9 },
      { subtaskId: 'oil-change' },
    ]);
    expect(r.subtotalCents).toBe(50000 + 4000 + 8500);
    expect(r.totalCents).toBe(81250);
    expect(r.totalCost).toBe(812.5);
    expect(r.lines[1]).toMatchObject({ quantity: 1, unit: 'job' });
  });

  it('Economy rounds half up to the cent', () => {
    expect(priceAutomotive('Economy', [{ subtaskId: 'tire-mount-balance', quantity: 3 }]).totalCents).toBe(
      7200,
    );
  });

  it('unknown subtask throws', () => {
    expect(() => priceAutomotive('Standard', [{ subtaskId: 'nope' }])).toThrow(RangeError);
  });

  it('property: automotive total is monotonic in quantity and grade', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), (x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const t = (g: GradeLevel, q: number) =>
          priceAutomotive(g, [{ subtaskId: 'brake-rotors', quantity: q }]).totalCents;
        expect(t('Standard', lo)).toBeLessThanOrEqual(t('Standard', hi));
        expect(t('Economy', lo)).toBeLessThanOrEqual(t('Premium', lo));
      }),
    );
  });
});

it('measurement types are the five documented ones', () => {
  expect([...measurementTypes]).toEqual(['area', 'squareFootage', 'linear', 'flatRate', 'none']);
});
