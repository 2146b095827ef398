import { describe, expect, it } from 'vitest';
import { automotiveSubtasks } from './automotive.ts';
import { findSubtask, homeRepairCategories } from './home-repair.ts';
import { unusualMeasurement, usualMaxBySubtask, usualMaximum } from './usual-measurements.ts';

describe('usual measurements', () => {
  it('knows a usual maximum for every subtask the customer measures, and none for a fixed charge', () => {
    for (const s of homeRepairCategories.flatMap((c) => c.subtasks)) {
      if (s.measurementType === 'none') expect(usualMaximum(s.id), s.id).toBeNull();
      else expect(usualMaximum(s.id)?.max, s.id).toBeGreaterThan(0);
    }
    for (const s of automotiveSubtasks) {
      if (s.measurementType === 'Linked') expect(usualMaximum(s.id), s.id).toBeNull();
      else expect(usualMaximum(s.id)?.max, s.id).toBeGreaterThan(0);
    }
    expect(usualMaximum('no-such-subtask')).toBeNull();
  });

  it('bounds each subtask in the unit it is priced in', () => {
    expect(usualMaximum('bathroom-wall-tile')).toEqual({ max: 2000, unit: 'sq ft' });
    expect(usualMaximum('hvac-ducts')).toEqual({ max: 500, unit: 'linear ft' });
    expect(usualMaximum('electrical-outlet')).toEqual({ max: 20, unit: 'each' });
    expect(usualMaximum('brake-pads')).toEqual({ max: 3, unit: 'axle' });
    expect(usualMaximum('kitchen-countertops')).toEqual({ max: 200, unit: 'sq ft' });
    expect(usualMaximum('landscaping-sod')).toEqual({ max: 10_000, unit: 'sq ft' });
  });

  it('names only subtasks the catalogue has in its per-subtask bounds', () => {
    for (const id of Object.keys(usualMaxBySubtask)) expect(findSubtask(id), id).toBeDefined();
  });

  it('flags a quantity above the usual maximum, not one at or below it', () => {
    expect(unusualMeasurement('bathroom-wall-tile', 2000)).toBeNull();
    expect(unusualMeasurement('bathroom-wall-tile', 120)).toBeNull();
    expect(unusualMeasurement('bathroom-wall-tile', 2000.5)).toEqual({
      quantity: 2000.5,
      max: 2000,
      unit: 'sq ft',
    });
    expect(unusualMeasurement('kitchen-countertops', 250)).toEqual({
      quantity: 250,
      max: 200,
      unit: 'sq ft',
    });
    expect(unusualMeasurement('landscaping-sod', 5000)).toBeNull();
    expect(unusualMeasurement('tire-mount-balance', 40)).toEqual({ quantity: 40, max: 6, unit: 'tire' });
    expect(unusualMeasurement('landscaping-yard-cleanup', 1_000_000)).toBeNull();
    expect(unusualMeasurement('bathroom-wall-tile', Number.NaN)).toBeNull();
  });
});
