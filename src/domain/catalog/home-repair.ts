// Look-ups over the home-repair catalogue: tasks, subtasks, and the exclusive flooring group.
import { FLOORING_TYPE_GROUP, homeRepairCategories } from './home-repair.data.ts';
import type { Category, Subtask, Task } from './types.ts';

export { FLOORING_TYPE_GROUP, homeRepairCategories };

/** A catalogue: the list of categories the wizard offers. Functions take one so tests can pass their own. */
export type Catalog = readonly Category[];

/** Normalises a task or category given by id or display name: "Kitchen Remodel" -> "kitchen-remodel". */
export function slugKey(idOrName: string): string {
  return idOrName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The category with this id or name (case-insensitive). */
export function findCategory(
  idOrName: string,
  catalog: Catalog = homeRepairCategories,
): Category | undefined {
  const key = slugKey(idOrName);
  return catalog.find((c) => c.id === key || slugKey(c.name) === key);
}

/** The task of a category, by id or name (case-insensitive). */
export function findTask(
  categoryIdOrName: string,
  taskIdOrName: string,
  catalog: Catalog = homeRepairCategories,
): Task | undefined {
  const key = slugKey(taskIdOrName);
  return findCategory(categoryIdOrName, catalog)?.tasks.find((t) => t.id === key || slugKey(t.name) === key);
}

/** A subtask by its globally unique id. */
export function findSubtask(id: string, catalog: Catalog = homeRepairCategories): Subtask | undefined {
  for (const c of catalog) {
    const s = c.subtasks.find((x) => x.id === id);
    if (s) return s;
  }
  return undefined;
}

/** The subtasks a task offers in the wizard: the task's list, active ones only, in order. */
export function subtasksForTask(
  categoryIdOrName: string,
  taskIdOrName: string,
  catalog: Catalog = homeRepairCategories,
): Subtask[] {
  const category = findCategory(categoryIdOrName, catalog);
  const task = findTask(categoryIdOrName, taskIdOrName, catalog);
  if (!category || !task) return [];
  return task.subtaskIds
    .map((id) => category.subtasks.find((s) => s.id === id))
    .filter((s): s is Subtask => s !== undefined && s.active);
}

/** The estimate category a (sign-up) task id belongs to, e.g. "cabinets" -> "kitchen". */
export function categoryOfTask(
  taskIdOrName: string,
  catalog: Catalog = homeRepairCategories,
): string | undefined {
  const key = slugKey(taskIdOrName);
  return catalog.find((c) => c.tasks.some((t) => t.id === key || slugKey(t.name) === key))?.id;
}

/**
 * Subtasks of the selection that break an exclusive group (flooring types tile, vinyl plank, hardwood,
 * laminate and carpet are mutually exclusive: a floor gets one material). Empty when the selection is valid.
 */
export function exclusiveConflicts(
  subtaskIds: readonly string[],
  catalog: Catalog = homeRepairCategories,
): string[] {
  const byGroup = new Map<string, string[]>();
  for (const id of subtaskIds) {
    const group = findSubtask(id, catalog)?.exclusiveGroup;
    if (!group) continue;
    byGroup.set(group, [...(byGroup.get(group) ?? []), id]);
  }
  return [...byGroup.values()].filter((ids) => ids.length > 1).flat();
}

/**
 * Toggles a subtask in a wizard selection. Selecting a member of an exclusive group removes the other
 * members (choosing Hardwood after Tile leaves Hardwood); selecting a selected subtask removes it.
 */
export function toggleSubtask(
  selected: readonly string[],
  id: string,
  catalog: Catalog = homeRepairCategories,
): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  const group = findSubtask(id, catalog)?.exclusiveGroup;
  const kept = group
    ? selected.filter((s) => findSubtask(s, catalog)?.exclusiveGroup !== group)
    : [...selected];
  return [...kept, id];
}
