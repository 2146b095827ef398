// The home-repair estimate catalogue: 8 categories, their tasks and subtasks with unit prices.
//
// Structure: the wizard goes category -> task -> subtasks. Every category owns its subtasks; each task lists
// the subset of those subtasks it offers (a "Kitchen Remodel" offers all kitchen subtasks, "Cabinets" only
// the cabinet-related ones). Task ids are the sign-up task ids of catalog/signup.ts, so a provider's chosen
// tasks match estimate tasks directly.
//
// Prices: the figures named in spec part 2 section 9 are used exactly and marked "spec part 2 §9". Every
// other price is a single figure picked inside the typical installed-cost range published by the cited
// public cost guide (labour and materials, U.S. national average); the region multiplier then adjusts it.
import { tutorialLinks } from './categories.ts';
import type { Category, MeasurementType, Subtask } from './types.ts';

const SPEC = 'Spec part 2 §9 (exact figure)';
const UNIT: Record<MeasurementType, string> = {
  area: 'sq ft',
  squareFootage: 'sq ft',
  linear: 'linear ft',
  flatRate: 'each',
  none: 'job',
};

function sub(
  id: string,
  name: string,
  measurementType: MeasurementType,
  unitPrice: number,
  source: string,
  extra: Partial<Pick<Subtask, 'active' | 'note' | 'exclusiveGroup' | 'unit'>> = {},
): Subtask {
  return {
    id,
    name,
    measurementType,
    unit: extra.unit ?? UNIT[measurementType],
    unitPrice,
    active: extra.active ?? true,
    note: extra.note ?? '',
    source,
    ...(extra.exclusiveGroup ? { exclusiveGroup: extra.exclusiveGroup } : {}),
  };
}

const yt = (id: string): string => tutorialLinks[id] ?? '';

/** Group name of the mutually exclusive flooring materials (spec part 2 section 5). */
export const FLOORING_TYPE_GROUP = 'flooring-type';

export const homeRepairCategories: readonly Category[] = [
  {
    id: 'kitchen',
    name: 'Kitchen',
    tutorialUrl: yt('kitchen'),
    subtasks: [
      sub('kitchen-demolition', 'Demolition', 'squareFootage', 3, SPEC),
      sub('kitchen-cabinets', 'Cabinets', 'linear', 240, SPEC),
      sub('kitchen-countertops', 'Countertops', 'area', 78.27, SPEC),
      sub('kitchen-backsplash', 'Backsplash', 'area', 11.17, SPEC),
      sub('kitchen-flooring', 'Flooring', 'squareFootage', 5.85, SPEC),
      sub(
        'kitchen-sink-faucet',
        'Sink and faucet installation',
        'flatRate',
        450,
        'HomeGuide, "Kitchen Sink Installation Cost" (homeguide.com/costs): typically $200-$1,000 installed with faucet',
      ),
      sub(
        'kitchen-recessed-lighting',
        'Recessed lighting',
        'flatRate',
        280,
        'HomeGuide, "Recessed Lighting Installation Cost" (homeguide.com/costs): about $200-$400 per light installed',
      ),
    ],
    tasks: [
      {
        id: 'kitchen-remodel',
        name: 'Kitchen Remodel',
        subtaskIds: [
          'kitchen-demolition',
          'kitchen-cabinets',
          'kitchen-countertops',
          'kitchen-backsplash',
          'kitchen-flooring',
          'kitchen-sink-faucet',
          'kitchen-recessed-lighting',
        ],
      },
      { id: 'cabinets', name: 'Cabinets', subtaskIds: ['kitchen-demolition', 'kitchen-cabinets'] },
      {
        id: 'countertops',
        name: 'Countertops',
        subtaskIds: [
          'kitchen-demolition',
          'kitchen-countertops',
          'kitchen-backsplash',
          'kitchen-sink-faucet',
        ],
      },
    ],
  },
  {
    id: 'bathroom',
    name: 'Bathroom',
    tutorialUrl: yt('bathroom'),
    subtasks: [
      sub('bathroom-demolition', 'Demolition', 'squareFootage', 3, SPEC),
      sub('bathroom-vanity', 'Vanity', 'flatRate', 250, SPEC),
      sub('bathroom-toilet', 'Toilet', 'flatRate', 175, SPEC),
      sub('bathroom-wall-tile', 'Wall tile', 'area', 11.17, SPEC),
      sub('bathroom-flooring', 'Flooring', 'squareFootage', 5.85, SPEC),
      sub(
        'bathroom-tub-shower',
        'Bathtub or shower replacement',
        'flatRate',
        2800,
        'HomeGuide, "Bathtub Replacement Cost" (homeguide.com/costs): about $1,400-$4,000 installed',
      ),
      sub(
        'bathroom-exhaust-fan',
        'Exhaust fan',
        'flatRate',
        350,
        'HomeGuide, "Bathroom Exhaust Fan Installation Cost" (homeguide.com/costs): about $250-$500 installed',
      ),
      sub(
        'bathroom-faucet',
        'Faucet replacement',
        'flatRate',
        225,
        'HomeGuide, "Faucet Replacement Cost" (homeguide.com/costs): about $150-$350 installed',
      ),
    ],
    tasks: [
      {
        id: 'bathroom-remodel',
        name: 'Bathroom Remodel',
        subtaskIds: [
          'bathroom-demolition',
          'bathroom-vanity',
          'bathroom-toilet',
          'bathroom-wall-tile',
          'bathroom-flooring',
          'bathroom-tub-shower',
          'bathroom-exhaust-fan',
          'bathroom-faucet',
        ],
      },
      { id: 'wall-tile', name: 'Wall Tile', subtaskIds: ['bathroom-demolition', 'bathroom-wall-tile'] },
    ],
  },
  {
    id: 'flooring',
    name: 'Flooring',
    tutorialUrl: yt('flooring'),
    subtasks: [
      sub(
        'flooring-tile',
        'Tile',
        'squareFootage',
        12,
        'HomeGuide, "Tile Floor Installation Cost" (homeguide.com/costs): about $7-$25 per sq ft installed',
        { exclusiveGroup: FLOORING_TYPE_GROUP },
      ),
      sub('flooring-vinyl-plank', 'Vinyl plank', 'squareFootage', 5.85, `${SPEC}: flooring 5.85`, {
        exclusiveGroup: FLOORING_TYPE_GROUP,
      }),
      sub(
        'flooring-hardwood',
        'Hardwood',
        'squareFootage',
        9,
        'HomeGuide, "Hardwood Floor Installation Cost" (homeguide.com/costs): about $6-$12 per sq ft installed',
        { exclusiveGroup: FLOORING_TYPE_GROUP },
      ),
      sub(
        'flooring-laminate',
        'Laminate',
        'squareFootage',
        5,
        'HomeGuide, "Laminate Flooring Installation Cost" (homeguide.com/costs): about $3-$8 per sq ft installed',
        { exclusiveGroup: FLOORING_TYPE_GROUP },
      ),
      sub(
        'flooring-carpet',
        'Carpet',
        'squareFootage',
        4,
        'HomeGuide, "Carpet Installation Cost" (homeguide.com/costs): about $2-$7 per sq ft installed',
        { exclusiveGroup: FLOORING_TYPE_GROUP },
      ),
      sub('flooring-removal', 'Old floor removal', 'squareFootage', 3, `${SPEC}: demo 3`),
      sub(
        'flooring-subfloor',
        'Subfloor repair',
        'squareFootage',
        3.5,
        'HomeGuide, "Subfloor Replacement Cost" (homeguide.com/costs): about $2-$5 per sq ft',
      ),
      sub(
        'flooring-underlayment',
        'Underlayment',
        'squareFootage',
        1,
        'Fixr, "Flooring Underlayment Cost" (fixr.com/costs): about $0.50-$2 per sq ft installed',
      ),
      sub(
        'flooring-baseboard',
        'Baseboard and trim',
        'linear',
        7.5,
        'HomeGuide, "Baseboard Installation Cost" (homeguide.com/costs): about $4-$12 per linear ft installed',
      ),
    ],
    tasks: [
      {
        id: 'flooring',
        name: 'Flooring',
        subtaskIds: [
          'flooring-tile',
          'flooring-vinyl-plank',
          'flooring-hardwood',
          'flooring-laminate',
          'flooring-carpet',
          'flooring-removal',
          'flooring-subfloor',
          'flooring-underlayment',
          'flooring-baseboard',
        ],
      },
    ],
  },
  {
    id: 'electrical',
    name: 'Electrical',
    tutorialUrl: yt('electrical'),
    subtasks: [
      sub('electrical-panel-upgrade', 'Panel upgrade', 'flatRate', 1200, SPEC),
      sub(
        'electrical-outlet',
        'Outlet installation',
        'flatRate',
        200,
        'HomeGuide, "Cost to Install an Electrical Outlet" (homeguide.com/costs): about $130-$300 per new outlet',
      ),
      sub(
        'electrical-light-fixture',
        'Light fixture installation',
        'flatRate',
        175,
        'HomeAdvisor/Angi, "Light Fixture Installation Cost" (angi.com): about $150-$300 per fixture on existing wiring',
      ),
      sub(
        'electrical-ceiling-fan',
        'Ceiling fan installation',
        'flatRate',
        250,
        'HomeGuide, "Ceiling Fan Installation Cost" (homeguide.com/costs): about $150-$350 on existing wiring',
      ),
      sub(
        'electrical-rewiring',
        'Rewiring',
        'squareFootage',
        3,
        'HomeGuide, "Cost to Rewire a House" (homeguide.com/costs): about $2-$4 per sq ft of living area',
      ),
      sub(
        'electrical-ev-charger',
        'EV charger installation',
        'flatRate',
        1400,
        'HomeGuide, "EV Charger Installation Cost" (homeguide.com/costs): Level 2 about $800-$2,500 installed',
      ),
      sub(
        'electrical-smoke-detector',
        'Hardwired smoke detector',
        'flatRate',
        150,
        'HomeGuide, "Smoke Detector Installation Cost" (homeguide.com/costs): hardwired about $100-$250 each',
      ),
    ],
    tasks: [
      {
        id: 'electrical',
        name: 'Electrical',
        subtaskIds: [
          'electrical-panel-upgrade',
          'electrical-outlet',
          'electrical-light-fixture',
          'electrical-ceiling-fan',
          'electrical-rewiring',
          'electrical-ev-charger',
          'electrical-smoke-detector',
        ],
      },
    ],
  },
  {
    id: 'siding',
    name: 'Siding',
    tutorialUrl: yt('siding'),
    subtasks: [
      sub('siding-vinyl', 'Vinyl siding', 'squareFootage', 6, `${SPEC}: most siding 6`),
      sub('siding-fiber-cement', 'Fiber cement siding', 'squareFootage', 6, `${SPEC}: most siding 6`),
      sub('siding-wood', 'Wood siding', 'squareFootage', 6, `${SPEC}: most siding 6`),
      sub('siding-engineered-wood', 'Engineered wood siding', 'squareFootage', 6, `${SPEC}: most siding 6`),
      sub('siding-repair', 'Siding repair', 'squareFootage', 6, `${SPEC}: most siding 6`),
      sub(
        'siding-removal',
        'Old siding removal',
        'squareFootage',
        1.5,
        'HomeGuide, "Siding Replacement Cost" (homeguide.com/costs): removal and disposal about $1-$2 per sq ft',
      ),
      sub(
        'siding-soffit-fascia',
        'Soffit and fascia',
        'linear',
        25,
        'HomeGuide, "Soffit and Fascia Replacement Cost" (homeguide.com/costs): about $20-$40 per linear ft',
      ),
    ],
    tasks: [
      {
        id: 'siding',
        name: 'Siding',
        subtaskIds: [
          'siding-vinyl',
          'siding-fiber-cement',
          'siding-wood',
          'siding-engineered-wood',
          'siding-repair',
          'siding-removal',
          'siding-soffit-fascia',
        ],
      },
    ],
  },
  {
    id: 'concrete',
    name: 'Concrete',
    tutorialUrl: yt('concrete'),
    subtasks: [
      sub('concrete-stamped', 'Stamped concrete', 'area', 10.03, SPEC),
      sub(
        'concrete-driveway',
        'Driveway',
        'area',
        6,
        'HomeGuide, "Concrete Driveway Cost" (homeguide.com/costs): about $4-$8 per sq ft installed',
      ),
      sub(
        'concrete-patio',
        'Patio',
        'area',
        8,
        'HomeGuide, "Concrete Patio Cost" (homeguide.com/costs): about $6-$12 per sq ft for a plain patio',
      ),
      sub(
        'concrete-sidewalk',
        'Sidewalk',
        'area',
        7,
        'HomeGuide, "Concrete Sidewalk Cost" (homeguide.com/costs): about $6-$12 per sq ft installed',
      ),
      sub(
        'concrete-resurfacing',
        'Resurfacing',
        'squareFootage',
        5,
        'HomeGuide, "Concrete Resurfacing Cost" (homeguide.com/costs): about $3-$7 per sq ft',
      ),
      sub(
        'concrete-removal',
        'Concrete removal',
        'squareFootage',
        3.5,
        'HomeGuide, "Concrete Removal Cost" (homeguide.com/costs): about $2-$6 per sq ft',
      ),
      sub(
        'concrete-steps',
        'Steps',
        'flatRate',
        400,
        'HomeGuide, "Concrete Steps Cost" (homeguide.com/costs): about $300-$500 per poured step',
        { unit: 'step' },
      ),
    ],
    tasks: [
      {
        id: 'concrete',
        name: 'Concrete',
        subtaskIds: [
          'concrete-stamped',
          'concrete-driveway',
          'concrete-patio',
          'concrete-sidewalk',
          'concrete-resurfacing',
          'concrete-removal',
          'concrete-steps',
        ],
      },
    ],
  },
  {
    id: 'hvac',
    name: 'HVAC',
    tutorialUrl: yt('hvac'),
    subtasks: [
      sub('hvac-thermostat', 'Thermostat', 'flatRate', 250, SPEC),
      sub('hvac-tune-up', 'System tune-up', 'flatRate', 69, SPEC),
      sub('hvac-ducts', 'Ducts', 'linear', 10, SPEC),
      sub(
        'hvac-ac-replacement',
        'Central AC replacement',
        'flatRate',
        5600,
        'HomeGuide, "Central Air Conditioner Cost" (homeguide.com/costs): about $3,800-$7,500 installed',
      ),
      sub(
        'hvac-furnace-replacement',
        'Furnace replacement',
        'flatRate',
        4500,
        'HomeGuide, "Furnace Replacement Cost" (homeguide.com/costs): gas furnace about $2,800-$6,800 installed',
      ),
      sub(
        'hvac-mini-split',
        'Ductless mini-split (per zone)',
        'flatRate',
        3500,
        'HomeGuide, "Ductless Mini-Split Cost" (homeguide.com/costs): about $2,000-$5,000 per zone installed',
        { unit: 'zone' },
      ),
    ],
    tasks: [
      {
        id: 'hvac',
        name: 'HVAC',
        subtaskIds: [
          'hvac-thermostat',
          'hvac-tune-up',
          'hvac-ducts',
          'hvac-ac-replacement',
          'hvac-furnace-replacement',
          'hvac-mini-split',
        ],
      },
    ],
  },
  {
    id: 'landscaping',
    name: 'Landscaping',
    tutorialUrl: yt('landscaping'),
    subtasks: [
      sub('landscaping-sod', 'Sod', 'area', 0.6, SPEC),
      sub('landscaping-mulch', 'Mulch', 'squareFootage', 0.45, SPEC),
      sub('landscaping-planting', 'Planting', 'flatRate', 150, SPEC, { unit: 'plant' }),
      sub('landscaping-tree-trimming', 'Tree trimming', 'flatRate', 200, SPEC, { unit: 'tree' }),
      sub('landscaping-fence', 'Fence', 'linear', 5, SPEC),
      sub(
        'landscaping-grading',
        'Grading and leveling',
        'squareFootage',
        1.25,
        'HomeGuide, "Yard Grading Cost" (homeguide.com/costs): about $0.40-$2 per sq ft',
      ),
      sub(
        'landscaping-yard-cleanup',
        'Yard cleanup',
        'none',
        350,
        'HomeGuide, "Yard Cleanup Cost" (homeguide.com/costs): about $200-$500 per visit',
        { note: 'One visit, no measurement needed.' },
      ),
    ],
    tasks: [
      {
        id: 'landscaping',
        name: 'Landscaping',
        subtaskIds: [
          'landscaping-sod',
          'landscaping-mulch',
          'landscaping-planting',
          'landscaping-tree-trimming',
          'landscaping-fence',
          'landscaping-grading',
          'landscaping-yard-cleanup',
        ],
      },
    ],
  },
];
