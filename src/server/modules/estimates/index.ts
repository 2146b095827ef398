// The estimates module's front door: its service (the test factories save estimates through it).
export { createEstimatesService, type EstimatesService } from './estimates.service.ts';
// The pictures' re-encoding (type from the bytes, pixel ceiling, WebP without EXIF or GPS), for other uploads.
export { reencodePicture } from './pictures.service.ts';
