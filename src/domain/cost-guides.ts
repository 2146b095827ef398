// City cost guides (decision 0047): one "typical job" per home-repair category, priced in each region by the
// wizard's own function (priceEstimate) at every grade, with each line's arithmetic, the local factor and its
// source. Pure, shared by the server (which renders the pages) and the screens (which link to them).
import { taskCategoryIds, categoryLabel, type TaskCategoryId } from './catalog/categories.ts';
import { findSubtask, findTask } from './catalog/home-repair.ts';
import type { Subtask } from './catalog/types.ts';
import { decimalToNumber, formatCents } from './money.ts';
import {
  gradeLevels,
  measuredQuantity,
  priceEstimate,
  type EstimateInput,
  type EstimateMeasurements,
  type GradeLevel,
  type LineItem,
} from './pricing.ts';
import { regions, type Region } from './regions/index.ts';
import type { GuideLine, LocalFactor, PriceGuideView, TypicalJobView } from './schemas/cost-guide.schema.ts';

export const COST_GUIDES_PATH = '/cost-guides';
export const PRICING_ACCURACY_PATH = '/pricing-accuracy';

/** A figure is shown only from at least this many hired jobs. */
export const ACCURACY_MIN_JOBS = 5;
/** Hired jobs of the last this many days are compared. */
export const ACCURACY_WINDOW_DAYS = 365;

/** When the catalogue's unit prices were last checked against their sources (the price audit). */
export const PRICES_REVIEWED_ON = '2026-11-23';

/** The BEA series every region multiplier comes from (scripts/build-regions.ts). */
export const LOCAL_FACTOR_SERIES =
  'Regional Price Parities, All items (RPP, LineCode 1), U.S. Bureau of Economic Analysis';
export const LOCAL_FACTOR_YEAR = 2024;
export const LOCAL_FACTOR_URL =
  'https://www.bea.gov/data/prices-inflation/regional-price-parities-state-and-metro-area';

/** What no guide's price includes. */
export const GUIDE_EXCLUSIONS: readonly string[] = [
  'Permits and inspection fees',
  'Sales tax',
  'Disposal of old materials and debris, unless a removal or demolition line is listed',
  'Repairs of hidden damage found once work starts',
];

/** A category's typical job: what the wizard would be given for it, at a modest size. */
export interface TypicalJob {
  task: string;
  subtasks: readonly string[];
  measurements: EstimateMeasurements;
  /** One line: what the job is. */
  description: string;
}

/**
 * One modest job per category, sized from usual-measurements.ts's ordinary jobs (well under their bounds). The
 * reasons for each size are in decision 0047.
 */
export const typicalJobs: Readonly<Record<TaskCategoryId, TypicalJob>> = {
  kitchen: {
    task: 'kitchen-remodel',
    description:
      'A modest remodel of a 10 x 12 ft kitchen: new cabinets, countertops, backsplash, floor, sink and four recessed lights.',
    subtasks: [
      'kitchen-demolition',
      'kitchen-cabinets',
      'kitchen-countertops',
      'kitchen-backsplash',
      'kitchen-flooring',
      'kitchen-sink-faucet',
      'kitchen-recessed-lighting',
    ],
    measurements: {
      'kitchen-demolition': { squareFootage: 120 },
      'kitchen-cabinets': { length: 20 },
      'kitchen-countertops': { length: 25, width: 2 },
      'kitchen-backsplash': { length: 20, width: 1.5 },
      'kitchen-flooring': { squareFootage: 120 },
      'kitchen-sink-faucet': { quantity: 1 },
      'kitchen-recessed-lighting': { quantity: 4 },
    },
  },
  bathroom: {
    task: 'bathroom-remodel',
    description:
      'A full remodel of a 5 x 8 ft bathroom: tub or shower, tiled surround, vanity, toilet, faucet, fan and floor.',
    subtasks: [
      'bathroom-demolition',
      'bathroom-vanity',
      'bathroom-toilet',
      'bathroom-wall-tile',
      'bathroom-flooring',
      'bathroom-tub-shower',
      'bathroom-exhaust-fan',
      'bathroom-faucet',
    ],
    measurements: {
      'bathroom-demolition': { squareFootage: 40 },
      'bathroom-vanity': { quantity: 1 },
      'bathroom-toilet': { quantity: 1 },
      'bathroom-wall-tile': { length: 15, width: 6 },
      'bathroom-flooring': { squareFootage: 40 },
      'bathroom-tub-shower': { quantity: 1 },
      'bathroom-exhaust-fan': { quantity: 1 },
      'bathroom-faucet': { quantity: 1 },
    },
  },
  flooring: {
    task: 'flooring',
    description:
      'New vinyl plank in a 300 sq ft living room and hall: the old floor taken up, new baseboard around it.',
    subtasks: ['flooring-removal', 'flooring-vinyl-plank', 'flooring-baseboard'],
    measurements: {
      'flooring-removal': { squareFootage: 300 },
      'flooring-vinyl-plank': { squareFootage: 300 },
      'flooring-baseboard': { length: 80 },
    },
  },
  electrical: {
    task: 'electrical',
    description:
      'A panel upgrade with three new outlets, two light fixtures and two hardwired smoke detectors.',
    subtasks: [
      'electrical-panel-upgrade',
      'electrical-outlet',
      'electrical-light-fixture',
      'electrical-smoke-detector',
    ],
    measurements: {
      'electrical-panel-upgrade': { quantity: 1 },
      'electrical-outlet': { quantity: 3 },
      'electrical-light-fixture': { quantity: 2 },
      'electrical-smoke-detector': { quantity: 2 },
    },
  },
  siding: {
    task: 'siding',
    description:
      'New vinyl siding on a small single-storey house: 1,200 sq ft of wall, the old siding removed, new soffit and fascia.',
    subtasks: ['siding-removal', 'siding-vinyl', 'siding-soffit-fascia'],
    measurements: {
      'siding-removal': { squareFootage: 1200 },
      'siding-vinyl': { squareFootage: 1200 },
      'siding-soffit-fascia': { length: 140 },
    },
  },
  concrete: {
    task: 'concrete',
    description: 'A 12 x 16 ft concrete patio with two steps down from the back door.',
    subtasks: ['concrete-patio', 'concrete-steps'],
    measurements: {
      'concrete-patio': { length: 16, width: 12 },
      'concrete-steps': { quantity: 2 },
    },
  },
  hvac: {
    task: 'hvac',
    description: 'A central air conditioner replaced on the existing ducts, with a new thermostat.',
    subtasks: ['hvac-ac-replacement', 'hvac-thermostat'],
    measurements: {
      'hvac-ac-replacement': { quantity: 1 },
      'hvac-thermostat': { quantity: 1 },
    },
  },
  landscaping: {
    task: 'landscaping',
    description:
      'A small back yard refreshed: 600 sq ft of new sod, mulched beds, six plants and a clean-up visit.',
    subtasks: ['landscaping-sod', 'landscaping-mulch', 'landscaping-planting', 'landscaping-yard-cleanup'],
    measurements: {
      'landscaping-sod': { length: 30, width: 20 },
      'landscaping-mulch': { squareFootage: 200 },
      'landscaping-planting': { quantity: 6 },
      'landscaping-yard-cleanup': {},
    },
  },
};

/** Whether an id is one of the 8 home-repair categories the guides cover. */
export function isGuideCategory(id: string): id is TaskCategoryId {
  return (taskCategoryIds as readonly string[]).includes(id);
}

/** A region's place in a guide's address: name and state lower-cased, every run of other characters one hyphen. */
export function placeSlug(region: Pick<Region, 'name' | 'state'>): string {
  return `${region.name} ${region.state}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const bySlug = new Map<string, Region>(regions.map((r) => [placeSlug(r), r]));

/** The region of a place slug, if any. */
export function findPlace(slug: string): Region | undefined {
  return bySlug.get(slug);
}

/** A guide's address: /cost-guides/{category}/{place}. */
export function guidePath(category: string, place: string): string {
  return `${COST_GUIDES_PATH}/${category}/${place}`;
}

/** The estimate wizard with the category, task and region already chosen. */
export function wizardPath(category: string, task: string, regionId: number): string {
  const q = new URLSearchParams({ category, task, region: String(regionId) });
  return `/estimates/create?${q.toString()}`;
}

/**
 * The 5 regions of the same state whose multiplier is nearest this one's (not itself): ties by name, so the list
 * is stable.
 */
export function nearbyPlaces(region: Region, count = 5): Region[] {
  return regions
    .filter((r) => r.state === region.state && r.id !== region.id)
    .map((r) => ({ r, d: Math.abs(r.multiplier - region.multiplier) }))
    .sort((a, b) => a.d - b.d || a.r.name.localeCompare(b.r.name))
    .slice(0, count)
    .map((x) => x.r);
}

/** How the typical job's subtask was measured, in words. */
function measuredText(subtask: Subtask, m: Readonly<Record<string, string | number>> | undefined): string {
  const v = (k: string) => String(m?.[k] ?? 0);
  switch (subtask.measurementType) {
    case 'area':
      return `${v('length')} ft x ${v('width')} ft`;
    case 'squareFootage':
      return `${v('squareFootage')} sq ft`;
    case 'linear':
      return `${v('length')} ft`;
    case 'flatRate':
      return `${v('quantity')} ${subtask.unit}`;
    case 'none':
      return 'once';
  }
}

/** The typical job as a guide shows it: task, description and each subtask's measured quantity. */
export function typicalJobView(category: TaskCategoryId): TypicalJobView {
  const job = typicalJobs[category];
  return {
    taskId: job.task,
    taskName: findTask(category, job.task)?.name ?? job.task,
    description: job.description,
    subtasks: job.subtasks.map((id) => {
      const s = findSubtask(id);
      if (!s) throw new RangeError(`Unknown subtask: ${id}`);
      return {
        id,
        name: s.name,
        quantity: decimalToNumber(measuredQuantity(s, job.measurements[id])),
        unit: s.unit,
        measured: measuredText(s, job.measurements[id]),
      };
    }),
  };
}

/** The wizard input of a category's typical job at a grade, in a region. */
export function typicalJobInput(category: TaskCategoryId, grade: GradeLevel, region: Region): EstimateInput {
  const job = typicalJobs[category];
  return {
    category,
    task: job.task,
    subtasks: job.subtasks,
    measurements: job.measurements,
    gradeLevel: grade,
    region: region.id,
  };
}

/** The page addresses a price source names. */
export function sourceUrls(source: string): string[] {
  return [...source.matchAll(/https?:\/\/[^\s);]+/g)].map((m) => m[0]);
}

/**
 * The "$a-$b" ranges a source states (each with the address that follows it, if any) that do not contain our
 * unit price: where the page must say that the source's published range and ours differ.
 */
export function rangesDiffering(
  source: string,
  unitPrice: number,
): { low: number; high: number; url: string | null }[] {
  const out: { low: number; high: number; url: string | null }[] = [];
  const re = /\$([\d,]+(?:\.\d+)?)-\$([\d,]+(?:\.\d+)?)(\+?)(?:[^$(]*\((https?:\/\/[^\s)]+)\))?/g;
  for (const m of source.matchAll(re)) {
    const low = Number(m[1]!.replace(/,/g, ''));
    const high = Number(m[2]!.replace(/,/g, ''));
    const openEnded = m[3] === '+';
    if (unitPrice < low || (!openEnded && unitPrice > high)) out.push({ low, high, url: m[4] ?? null });
  }
  return out;
}

function formatFactor(n: number): string {
  return String(n);
}

/** 1200 -> "1,200"; 12.5 -> "12.5". */
function formatQuantity(n: number): string {
  const [int = '0', frac] = String(n).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

/** "120 sq ft x $3.00 x 1 x 0.962 = $346.32" */
function arithmetic(l: LineItem, grade: number, factor: number): string {
  const unitCents = Math.round(l.unitPrice * 100);
  return `${formatQuantity(l.quantity)} ${l.unit} x ${formatCents(unitCents)} x ${formatFactor(grade)} x ${formatFactor(factor)} = ${formatCents(l.amountCents)}`;
}

/** The local factor of a region and its source. */
export function localFactor(region: Region): LocalFactor {
  return {
    multiplier: region.multiplier,
    area: region.source,
    kind: region.kind,
    series: LOCAL_FACTOR_SERIES,
    year: LOCAL_FACTOR_YEAR,
    sourceUrl: LOCAL_FACTOR_URL,
  };
}

/**
 * The typical job of a category priced in a region at every grade, by priceEstimate (the wizard's own function:
 * its Standard total is exactly what the wizard shows for the same choices), each line with its arithmetic and
 * price source, the local factor and its source, what is not included and when prices were reviewed.
 */
export function priceGuide(category: TaskCategoryId, region: Region): PriceGuideView {
  return {
    grades: gradeLevels.map((grade) => {
      const p = priceEstimate(typicalJobInput(category, grade, region));
      return {
        grade,
        gradeMultiplier: p.gradeMultiplier,
        totalCents: p.finalCents,
        total: p.finalEstimate,
        minCents: p.minCents,
        maxCents: p.maxCents,
        lines: p.lines.map((l): GuideLine => {
          const source = findSubtask(l.subtaskId)?.source ?? '';
          return {
            subtaskId: l.subtaskId,
            name: l.name,
            quantity: l.quantity,
            unit: l.unit,
            unitPriceCents: Math.round(l.unitPrice * 100),
            gradeMultiplier: p.gradeMultiplier,
            localFactor: p.regionMultiplier,
            amountCents: l.amountCents,
            amount: l.amount,
            arithmetic: arithmetic(l, p.gradeMultiplier, p.regionMultiplier),
            source,
            sourceUrls: sourceUrls(source),
            rangesDiffering: rangesDiffering(source, l.unitPrice),
          };
        }),
      };
    }),
    localFactor: localFactor(region),
    exclusions: [...GUIDE_EXCLUSIONS],
    pricesReviewedOn: PRICES_REVIEWED_ON,
  };
}

/** The label of a guide category ("HVAC"). */
export const guideCategoryLabel = (id: TaskCategoryId): string => categoryLabel(id);
