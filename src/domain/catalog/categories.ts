// Category lists: the wizard and task-list categories, filter-only ones, plan access, statuses and sorts.

/** The 8 task categories of the estimate wizard, /tasks and /posted-tasks. */
export const taskCategoryIds = [
  'kitchen',
  'bathroom',
  'flooring',
  'electrical',
  'siding',
  'concrete',
  'hvac',
  'landscaping',
] as const;
export type TaskCategoryId = (typeof taskCategoryIds)[number];

/** Categories that appear only in filter lists; no subtask catalogue. */
export const filterOnlyCategoryIds = ['painting', 'plumbing', 'roofing', 'carpentry', 'general'] as const;
export type FilterOnlyCategoryId = (typeof filterOnlyCategoryIds)[number];

/** The My Estimates category filter, in the order the filter lists them, without "all". */
export const estimateFilterCategoryIds = [
  'bathroom',
  'kitchen',
  'landscaping',
  'painting',
  'flooring',
  'electrical',
  'plumbing',
  'roofing',
  'carpentry',
  'general',
] as const;

/** The nine categories a plan can grant: the eight task categories and home-repair. */
export const accessCategoryIds = [
  'kitchen',
  'bathroom',
  'flooring',
  'electrical',
  'home-repair',
  'siding',
  'concrete',
  'hvac',
  'landscaping',
] as const;
export type AccessCategoryId = (typeof accessCategoryIds)[number];

/** Estimate statuses and the My Estimates status filter. */
export const estimateStatuses = ['draft', 'posted', 'hired', 'completed', 'cancelled'] as const;
export type EstimateStatus = (typeof estimateStatuses)[number];

/** Available Tasks sort options: newest first, or by budget either way. */
export const taskSortOptions = ['newest', 'budget-high-low', 'budget-low-high'] as const;
export type TaskSort = (typeof taskSortOptions)[number];

const labels: Record<string, string> = {
  kitchen: 'Kitchen',
  bathroom: 'Bathroom',
  flooring: 'Flooring',
  electrical: 'Electrical',
  siding: 'Siding',
  concrete: 'Concrete',
  hvac: 'HVAC',
  landscaping: 'Landscaping',
  'home-repair': 'Home Repair',
  painting: 'Painting',
  plumbing: 'Plumbing',
  roofing: 'Roofing',
  carpentry: 'Carpentry',
  general: 'General',
  automotive: 'Automotive',
};

/** Display name of a category id; unknown ids are title-cased. */
export function categoryLabel(id: string): string {
  const known = labels[id.toLowerCase()];
  if (known) return known;
  return id
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

function youtubeSearch(query: string): string {
  return `https://www.youtube.com/results?search_query=${query.trim().split(/\s+/).map(encodeURIComponent).join('+')}`;
}

/** Tutorial video link per category: a public YouTube search for the trade. */
export const tutorialLinks: Readonly<Record<string, string>> = {
  kitchen: youtubeSearch('kitchen remodel step by step'),
  bathroom: youtubeSearch('bathroom remodel step by step'),
  flooring: youtubeSearch('how to install flooring'),
  electrical: youtubeSearch('home electrical upgrade explained'),
  siding: youtubeSearch('how to install siding'),
  concrete: youtubeSearch('how to pour a concrete slab'),
  hvac: youtubeSearch('hvac system maintenance basics'),
  landscaping: youtubeSearch('backyard landscaping ideas how to'),
  'home-repair': youtubeSearch('home repair basics for homeowners'),
  painting: youtubeSearch('how to paint a room like a pro'),
  plumbing: youtubeSearch('basic home plumbing repairs'),
  roofing: youtubeSearch('roof repair basics'),
  carpentry: youtubeSearch('basic carpentry skills for beginners'),
  general: youtubeSearch('home maintenance checklist'),
  automotive: youtubeSearch('car maintenance basics'),
};

/** The tutorial link of a category, or a general home-repair search for an unknown one. */
export function tutorialLink(categoryId: string): string {
  return tutorialLinks[categoryId.toLowerCase()] ?? youtubeSearch(`${categoryId} tutorial`);
}

/** Post-project form options: four categories, one city (Jacksonville). */
export const postProjectCategories = ['Kitchen', 'Bathroom', 'Flooring', 'Concrete'] as const;
export const postProjectCities = ['Jacksonville'] as const;
export const DEFAULT_PROJECT_CITY = 'Jacksonville';
