// The words of the cost guides (decision 0047): the accuracy sentence as the pages print it, and the few figures
// the screens format. Pure: the server renders the same words the browser then hydrates.
import { MONTH_NAMES } from '#domain/dates';
import type { Accuracy } from '#domain/schemas/cost-guide.schema';

/** Shown in place of any figure while fewer than the minimum of jobs were hired. */
export const NOT_ENOUGH_JOBS = 'Not enough hired jobs yet to compare.';

/** The category as it reads inside a sentence: "kitchen", but "HVAC". */
export function categoryInSentence(label: string): string {
  return label === label.toUpperCase() ? label : label.toLowerCase();
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** "6 % above our estimate", "3 % below our estimate", "the same as our estimate" (rounded to a whole percent). */
export function medianText(percent: number): string {
  const whole = Math.round(Math.abs(percent));
  if (whole === 0) return 'the same as our estimate';
  return `${whole} % ${percent > 0 ? 'above' : 'below'} our estimate`;
}

/**
 * "Of 12 kitchen jobs hired in the last 12 months, 9 were agreed inside our range; the median was 6 % above our
 * estimate." With a place's own jobs, the place is named ("hired in Jacksonville, FL in the last 12 months").
 * With fewer than the minimum: "Not enough hired jobs yet to compare."
 */
export function accuracySentence(accuracy: Accuracy, categoryLabel: string, place?: string): string {
  if (accuracy.scope === null) return NOT_ENOUGH_JOBS;
  const where = accuracy.scope === 'place' && place ? ` in ${place}` : '';
  const jobs = plural(accuracy.jobs, 'job', 'jobs');
  const were = plural(accuracy.insideRange, 'was', 'were');
  return (
    `Of ${accuracy.jobs} ${categoryInSentence(categoryLabel)} ${jobs} hired${where} in the last 12 months, ` +
    `${accuracy.insideRange} ${were} agreed inside our range; the median was ${medianText(accuracy.medianDiffPercent)}.`
  );
}

/** A factor as the arithmetic prints it: 0.962, 1, 1.25. */
export const factorText = (n: number) => String(n);

/** "2026-11-23" -> "November 23, 2026" (a calendar date: no time zone moves it). */
export function dayText(isoDay: string): string {
  const [y, m, d] = isoDay.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return isoDay;
  return `${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}
