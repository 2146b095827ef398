// Service areas and distance on the screens (decision 0048): the provider's area on /provider/settings, the lists'
// "Within my service area" and "Nearest first" controls and the distance of a card.
export { SERVICE_AREA_KEY, fetchZipPlace, useServiceArea, useZipPlace } from './api/service-area.ts';
export {
  AreaControls,
  ByDistance,
  DistanceTag,
  areaQuery,
  useAreaFilter,
  type AreaQuery,
} from './components/AreaControls.tsx';
export { ServiceAreaCard } from './components/ServiceAreaCard.tsx';
