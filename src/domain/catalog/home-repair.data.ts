// The home-repair estimate catalogue: 8 categories, their tasks and subtasks with unit prices.
//
// Structure: the wizard goes category -> task -> subtasks. Every category owns its subtasks; each task lists
// the subset of those subtasks it offers (a "Kitchen Remodel" offers all kitchen subtasks, "Cabinets" only
// the cabinet-related ones). Task ids are the sign-up task ids of catalog/signup.ts, so a provider's chosen
// tasks match estimate tasks directly.
//
// Prices: the figures fixed by the product requirements are used exactly, with SPEC as their source. Every
// other price is a single figure inside the installed-cost range (labour and materials, U.S. national average)
// that the cited cost-guide pages state; each source gives the page address and its range (price audit of the
// 31 non-spec prices). Two have no installed-cost page: underlayment is priced as the material added under an
// installed floor (whose price carries the labour), and the exhaust fan's source says it is an estimate.
// Soffit and fascia sits inside both published ranges. The region multiplier then adjusts every price.
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

/** Group name of the mutually exclusive flooring materials: an estimate picks at most one of them. */
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
        'Installed with faucet: $200-$1,000 (https://allinfohome.com/house-design/installing-kitchen-sink-cost); $400-$1,000 (https://visualfoodie.com/a-breakdown-of-kitchen-sink-installation-cost)',
      ),
      sub(
        'kitchen-recessed-lighting',
        'Recessed lighting',
        'flatRate',
        280,
        'Installed, per light: $150-$400 (https://vietshopdesign.com/recessed-lighting-installation-cost); $225-$500 (https://businessfinancenews.com/home/recessed-lighting-installation-cost); $150-$200 (https://budgeting.thenest.com/much-expect-pay-recessed-lights-23513.html)',
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
        'Installed: $1,390-$10,734 (https://www.synchrony.com/blog/home/how-much-to-replace-bathtub.html); $1,500-$5,000 (https://bathroomprosnj.com/blog/how-much-does-it-cost-to-replace-a-tub)',
      ),
      sub(
        'bathroom-exhaust-fan',
        'Exhaust fan',
        'flatRate',
        350,
        "No published installed-cost range found. A professional replacement runs from a few hundred dollars to over $1,000 when venting or wiring is needed, with fan units at $20-$400 (https://engineerfix.com/how-much-does-it-cost-to-replace-a-bathroom-fan); $350 = a mid-range unit with an electrician's visit",
      ),
      sub(
        'bathroom-faucet',
        'Faucet replacement',
        'flatRate',
        225,
        'Installed: $200-$1,050+ (https://winenfood.com/understanding-bathroom-faucet-replacement-costs); labour only $150-$400 (https://engineerfix.com/how-much-do-plumbers-charge-to-install-a-faucet)',
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
        'Installed floor tile: $7-$14 per sq ft (https://housegrail.com/cost-to-install-tiles)',
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
        'Installed: $6-$23 per sq ft (https://homeguide.com/costs/hardwood-flooring-cost); $6-$25 per sq ft (https://engineerfix.com/how-much-does-it-cost-for-hardwood-floors-installed)',
        { exclusiveGroup: FLOORING_TYPE_GROUP },
      ),
      sub(
        'flooring-laminate',
        'Laminate',
        'squareFootage',
        5,
        'Installed: $3-$11 per sq ft (https://www.homebuddy.com/pages/how-much-does-it-cost-to-install-laminate-flooring)',
        { exclusiveGroup: FLOORING_TYPE_GROUP },
      ),
      sub(
        'flooring-carpet',
        'Carpet',
        'squareFootage',
        4,
        'Installed: $3-$11 per sq ft (https://www.angi.com/articles/carpet-installation-cost-and-advantages.htm); $2-$9 per sq ft (https://www.hgtv.com/design/remodel/interior-remodel/average-cost-install-carpet-per-square-foot)',
        { exclusiveGroup: FLOORING_TYPE_GROUP },
      ),
      sub('flooring-removal', 'Old floor removal', 'squareFootage', 3, `${SPEC}: demo 3`),
      sub(
        'flooring-subfloor',
        'Subfloor repair',
        'squareFootage',
        3.5,
        'Replacement: $2.20-$4.75 per sq ft (https://homeguide.com/costs/cost-to-replace-a-subfloor); $3-$10 per sq ft (https://www.angi.com/articles/subfloor-cost-replace-repair-hiring-factors.htm)',
      ),
      sub(
        'flooring-underlayment',
        'Underlayment',
        'squareFootage',
        1,
        "Material added under an installed floor (the floor's installed price carries the labour): $0.25-$1.00 per sq ft (https://nationalcalculatorauthority.com/flooring-cost-estimator); $0.15-$1.00 by material (https://engineerfix.com/how-much-does-underlayment-cost-for-flooring-2)",
      ),
      sub(
        'flooring-baseboard',
        'Baseboard and trim',
        'linear',
        7.5,
        'Installed: $5.55-$8.63 per linear ft (https://pro.porch.com/project-cost/cost-to-install-base-molding)',
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
        'Installed, per outlet: $120-$200 (https://www.fixr.com/costs/install-electrical-outlet)',
      ),
      sub(
        'electrical-light-fixture',
        'Light fixture installation',
        'flatRate',
        175,
        'Installed, per fixture: $150-$350 (https://al-airfl.com/light-fixture-installation-cost)',
      ),
      sub(
        'electrical-ceiling-fan',
        'Ceiling fan installation',
        'flatRate',
        250,
        'Labour on existing wiring: $100-$300 (https://engineerfix.com/how-much-to-install-a-ceiling-fan-with-existing-wiring-2)',
      ),
      sub(
        'electrical-rewiring',
        'Rewiring',
        'squareFootage',
        3,
        'Whole house: $2-$4 per sq ft of living area (https://homeguide.com/costs/cost-to-rewire-a-house)',
      ),
      sub(
        'electrical-ev-charger',
        'EV charger installation',
        'flatRate',
        1400,
        'Level 2 installed: $1,200-$3,500+ (https://winenfood.com/what-affects-electric-car-charging-station-cost); weak source',
      ),
      sub(
        'electrical-smoke-detector',
        'Hardwired smoke detector',
        'flatRate',
        150,
        'Installed, per unit: $110-$410+ (https://homeguide.com/costs/smoke-detector-installation-cost)',
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
        'Removal and disposal: $0.25-$1 per sq ft (https://www.modernize.com/siding/removal); $0.50-$2 per sq ft (https://newenglandmetalroof.com/?p=6718)',
      ),
      sub(
        'siding-soffit-fascia',
        'Soffit and fascia',
        'linear',
        18,
        'Installed: $6-$20 per linear ft (https://cost-guide-ssr.homeadvisor.com/cost/roofing/fascia-soffit-install-repair); $9-$34 per linear ft by material (https://ahouseguru.com/en/blog/soffit-fascia-costs-by-material-vinyl-wood-aluminum-more)',
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
        'Installed: $4-$8 per sq ft (https://blog.askhomey.com/concrete-driveway-cost-factors-and-average-prices); $4-$15 per sq ft (https://rm4l.com/concrete/costs/driveway)',
      ),
      sub(
        'concrete-patio',
        'Patio',
        'area',
        8,
        'Installed: $4-$12 per sq ft (https://homeguide.com/costs/concrete-patio-cost)',
      ),
      sub(
        'concrete-sidewalk',
        'Sidewalk',
        'area',
        7,
        'Installed: $6-$12 per sq ft (https://cost-guide-ssr.homeadvisor.com/cost/outdoor-living/concrete-sidewalk); $6-$12 per sq ft (https://www.concretenetwork.com/concrete/walkways/cost.html)',
      ),
      sub(
        'concrete-resurfacing',
        'Resurfacing',
        'squareFootage',
        5,
        'Installed: $3-$9 per sq ft (https://handymanreviewed.com/how-much-does-concrete-resurfacing-cost)',
      ),
      sub(
        'concrete-removal',
        'Concrete removal',
        'squareFootage',
        3.5,
        'Removal: $3-$8 per sq ft (https://homeguide.com/costs/concrete-removal-cost); $2-$7 per sq ft (https://www.lawnstarter.com/blog/cost/concrete-removal-price)',
      ),
      sub(
        'concrete-steps',
        'Steps',
        'flatRate',
        400,
        'Installed, per step: $200-$600 (https://www.homeadvisor.com/tloc/Magnolia-WA/Concrete-Patio-Steps-Walks)',
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
        'Central AC replacement, installed: $2,375-$7,500 (https://www.pickhvac.com/central-air-conditioner/cost/replacement)',
      ),
      sub(
        'hvac-furnace-replacement',
        'Furnace replacement',
        'flatRate',
        4500,
        'Gas furnace installed: $2,000-$5,200 standard, $3,300-$6,900 high efficiency (https://homeguide.com/costs/gas-furnace-prices)',
      ),
      sub(
        'hvac-mini-split',
        'Ductless mini-split (per zone)',
        'flatRate',
        3500,
        'Installed, per zone: $2,030-$5,500 (https://rjgroner.com/ductless-mini-split-installation-cost)',
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
        'Regrading: $0.40-$2.00 per sq ft (https://engineerfix.com/how-much-does-regrading-a-yard-cost)',
      ),
      sub(
        'landscaping-yard-cleanup',
        'Yard cleanup',
        'none',
        350,
        'Per job: $191-$573 (https://www.bobvila.com/articles/fall-cleanup-cost)',
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
