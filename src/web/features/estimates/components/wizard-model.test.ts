// The wizard's live price is the domain's quote of the draft, the function the server runs when it stores the
// estimate (the server tests hold the stored side to the same quote).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { automotiveSubtasks, automotiveTasks, priceAutomotive } from '#domain/catalog/automotive';
import { findSubtask, homeRepairCategories } from '#domain/catalog/home-repair';
import { fromCents, roundDiv, toCents } from '#domain/money';
import { measuredQuantity, measurementFields } from '#domain/pricing';
import { gradeLevels, gradePermille, quote, type Quote } from '#domain/quote';
import { regionMultiplier, regions } from '#domain/regions/index';
import {
  automotiveBody,
  emptyDraft,
  previewPrice,
  savePayload,
  unusualMeasurementOf,
  unusualMeasurementText,
  wizardSubtask,
  type WizardDraft,
} from './wizard-model.ts';

const grade = fc.constantFrom(...gradeLevels);
const region = fc.constantFrom(...regions.map((r) => r.location));

function expectPreviewIsQuote(d: WizardDraft, q: Quote) {
  const p = previewPrice(d);
  expect(p.lines.map((l) => [l.subtaskId, l.amountCents])).toEqual(q.lines.map((l) => [l.id, l.amountCents]));
  expect([p.finalCents, p.minCents, p.maxCents]).toEqual([q.totalCents, q.minCents, q.maxCents]);
  expect(p.finalCents).toBe(p.lines.reduce((sum, l) => sum + l.amountCents, 0));
  expect(p.minCents).toBeLessThanOrEqual(p.finalCents);
  expect(p.finalCents).toBeLessThanOrEqual(p.maxCents);
  const payload = savePayload(d);
  expect([payload.finalEstimate, payload.minBudget, payload.maxBudget]).toEqual(
    [q.totalCents, q.minCents, q.maxCents].map(fromCents),
  );
}

describe('live price', () => {
  it('automotive: the quote of the draft, as POST /api/estimate/automotive prices it, within a cent a line of the rounded-once total', () => {
    const draft = fc.constantFrom(...automotiveTasks).chain((task) =>
      fc.record({
        task: fc.constant(task.id),
        subtasks: fc.subarray(
          automotiveSubtasks.filter((s) => s.taskId === task.id),
          { minLength: 1 },
        ),
        quantities: fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 8, maxLength: 8 }),
        gradeLevel: grade,
        region,
      }),
    );
    fc.assert(
      fc.property(draft, ({ task, subtasks, quantities, gradeLevel, region: r }) => {
        const qty = (i: number) => (subtasks[i]!.measurementType === 'Linked' ? 1 : quantities[i % 8]!);
        const d: WizardDraft = {
          ...emptyDraft,
          step: 'final',
          category: 'automotive',
          task,
          subtasks: subtasks.map((s) => s.id),
          gradeLevel,
          measurements: Object.fromEntries(subtasks.map((s, i) => [s.id, { quantity: String(qty(i)) }])),
          region: r,
        };
        const lines = subtasks.map((s, i) => ({
          id: s.id,
          name: s.name,
          unitCents: toCents(s.price),
          quantity: qty(i),
          unit: '',
        }));
        const q = quote(lines, { grade: gradeLevel });
        expectPreviewIsQuote(d, q);
        const body = automotiveBody(d);
        expect(priceAutomotive(body.grade, body.items).totalCents).toBe(q.totalCents);
        const subtotal = lines.reduce((sum, l) => sum + BigInt(l.unitCents * l.quantity), 0n);
        const roundedOnce = Number(roundDiv(subtotal * BigInt(gradePermille(gradeLevel)), 1000n));
        expect(Math.abs(q.totalCents - roundedOnce)).toBeLessThanOrEqual(lines.length);
      }),
    );
  });

  it('home repair: the quote of the draft with the regional multiplier', () => {
    const tasks = homeRepairCategories.flatMap((c) => c.tasks.map((t) => ({ category: c.id, task: t })));
    const draft = fc.constantFrom(...tasks).chain(({ category, task }) =>
      fc.record({
        category: fc.constant(category),
        task: fc.constant(task.id),
        subtasks: fc
          .subarray(
            task.subtaskIds.filter((id) => findSubtask(id)?.active),
            { minLength: 1 },
          )
          .filter(
            (ids) => new Set(ids.map((id) => findSubtask(id)?.exclusiveGroup ?? id)).size === ids.length,
          ),
        values: fc.array(fc.tuple(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 99 })), {
          minLength: 12,
          maxLength: 12,
        }),
        gradeLevel: grade,
        region,
      }),
    );
    fc.assert(
      fc.property(draft, ({ values, ...v }) => {
        let n = 0;
        const measurements = Object.fromEntries(
          v.subtasks.map((id) => [
            id,
            Object.fromEntries(
              measurementFields(findSubtask(id)!).map((f) => {
                const [whole, cents] = values[n++ % values.length]!;
                return [f.key, f.key === 'quantity' ? String(whole) : `${whole}.${cents}`];
              }),
            ),
          ]),
        );
        const d: WizardDraft = { ...emptyDraft, step: 'final', ...v, measurements };
        // The wizard lists the subtasks in catalogue order.
        const ordered = previewPrice(d).lines.map((l) => findSubtask(l.subtaskId)!);
        const q = quote(
          ordered.map((s) => ({
            id: s.id,
            name: s.name,
            unitCents: toCents(s.unitPrice ?? 0),
            quantity: measuredQuantity(s, measurements[s.id]),
            unit: s.unit,
          })),
          { grade: v.gradeLevel, regionMultiplier: regionMultiplier(v.region) },
        );
        expect(ordered.map((s) => s.id).sort()).toEqual([...v.subtasks].sort());
        expectPreviewIsQuote(d, q);
      }),
      { numRuns: 60 },
    );
  });
});

describe('unusual measurements', () => {
  const measured = (category: string, id: string, values: Record<string, string>) => {
    const d: WizardDraft = { ...emptyDraft, category, subtasks: [id], measurements: { [id]: values } };
    const s = wizardSubtask(category, id)!;
    const u = unusualMeasurementOf(d, s);
    return u && unusualMeasurementText(u);
  };

  it('says the value and the usual maximum in the unit the subtask is priced in', () => {
    expect(measured('bathroom', 'bathroom-wall-tile', { length: '50', width: '50' })).toBe(
      '2,500 sq ft is far more than usual: most jobs need at most 2,000 sq ft. Check the numbers, or go on if they are right.',
    );
    expect(measured('automotive', 'tire-mount-balance', { quantity: '40' })).toMatch(
      /^40 tires is far more than usual: most jobs need at most 6 tires\./,
    );
    expect(measured('electrical', 'electrical-outlet', { quantity: '25' })).toMatch(
      /^25 is far more than usual: most jobs need at most 20\./,
    );
  });

  it('stays quiet at or below the maximum and while a measurement is missing or invalid', () => {
    expect(measured('bathroom', 'bathroom-wall-tile', { length: '40', width: '50' })).toBeNull();
    expect(measured('bathroom', 'bathroom-wall-tile', { length: '5000' })).toBeNull();
    expect(measured('electrical', 'electrical-outlet', { quantity: '0' })).toBeNull();
  });
});
