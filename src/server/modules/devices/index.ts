// The signed-in devices module's front door (ASVS 7.5.2; decision 0025): its routes.
export { devicesRoutes } from './devices.routes.ts';
