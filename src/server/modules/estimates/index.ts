// The estimates module's front door: its service (the test factories save estimates through it).
export { createEstimatesService, type EstimatesService } from './estimates.service.ts';
