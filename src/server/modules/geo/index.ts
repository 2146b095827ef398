// ZIP codes and service areas (decision 0048): what other modules use from here is a ZIP code's place, the point a
// list measures from, whether a provider's area covers a point (the new-work notifications) and the point a
// provider works from (the directory near a ZIP code).
export {
  distanceOf,
  listNear,
  nearPoint,
  optionalPlace,
  placeOfZip,
  serviceAreaPoint,
  type NearQuery,
} from './geo.service.ts';
export { coversPointSql, providerBaseJoinSql } from './geo.repo.ts';
