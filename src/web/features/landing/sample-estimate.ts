// The estimate shown on the landing page. Its figures are what the wizard's pricing gives for this input at
// national-average prices (a test recomputes them), so the page never promises a price the product won't show.
// They are written out rather than computed here to keep the catalogue and region list out of the first load.
import type { EstimateInput } from '#domain/pricing';

export const sampleEstimateInput: EstimateInput = {
  category: 'bathroom',
  task: 'bathroom-remodel',
  subtasks: [
    'bathroom-demolition',
    'bathroom-vanity',
    'bathroom-toilet',
    'bathroom-wall-tile',
    'bathroom-tub-shower',
  ],
  measurements: {
    'bathroom-demolition': { squareFootage: '60' },
    'bathroom-vanity': { quantity: '1' },
    'bathroom-toilet': { quantity: '1' },
    'bathroom-wall-tile': { length: '12', width: '10' },
    'bathroom-tub-shower': { quantity: '1' },
  },
  gradeLevel: 'Standard',
  region: '',
};

export const sampleEstimate = {
  heading: 'Bathroom remodel · Standard · national average',
  finalCents: 474_540,
  minCents: 379_632,
  maxCents: 569_448,
  items: [
    'Demolition, 60 sq ft',
    'Vanity',
    'Toilet',
    'Wall tile, 120 sq ft',
    'Bathtub or shower replacement',
  ],
} as const;
