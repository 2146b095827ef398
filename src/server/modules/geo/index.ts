// ZIP codes and service areas (decision 0048): what other modules use from here is a ZIP code's place, the point a
// list measures from, whether a provider's area covers a point (the new-work notifications), the point a
// provider works from (the directory near a ZIP code) and keeping the area a provider chose at sign-up in the
// sign-up's transaction.
export {
  distanceOf,
  listNear,
  optionalPlace,
  placeOfZip,
  serviceAreaPoint,
  type NearQuery,
} from './geo.service.ts';
export { coversPointSql, providerBaseJoinSql, saveServiceArea } from './geo.repo.ts';
