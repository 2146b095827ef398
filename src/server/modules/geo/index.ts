// ZIP codes and service areas (decision 0048): what other modules use from here is a ZIP code's place, the point a
// list measures from, and whether a provider's area covers a point (the new-work notifications).
export { distanceOf, nearPoint, optionalPlace, placeOfZip, serviceAreaPoint } from './geo.service.ts';
export { coversPointSql } from './geo.repo.ts';
