// The admin estimate-catalogue export: one row per subtask with its category,
// unit price, measurement unit, calculation equation and active/inactive status with notes.
import {
  automotiveSubtasks,
  automotiveTasks,
  automotiveUnits,
  automotiveQuantityLabels,
} from './automotive.ts';
import { homeRepairCategories, type Catalog } from './home-repair.ts';
import { calculationEquations } from '../pricing.ts';

export interface CatalogExportRow {
  catalog: 'home-repair' | 'automotive';
  category: string;
  tasks: string;
  subtaskId: string;
  subtask: string;
  unitPrice: number | null;
  measurementType: string;
  measurementUnit: string;
  equation: string;
  status: 'active' | 'inactive';
  note: string;
  source: string;
}

/** Column order for the CSV export. */
export const catalogExportColumns: readonly (keyof CatalogExportRow)[] = [
  'catalog',
  'category',
  'tasks',
  'subtaskId',
  'subtask',
  'unitPrice',
  'measurementType',
  'measurementUnit',
  'equation',
  'status',
  'note',
  'source',
];

/** All export rows: home-repair subtasks by category, then automotive subtasks by task. */
export function catalogExportRows(catalog: Catalog = homeRepairCategories): CatalogExportRow[] {
  const home = catalog.flatMap((c) =>
    c.subtasks.map((s): CatalogExportRow => ({
      catalog: 'home-repair',
      category: c.id,
      tasks: c.tasks
        .filter((t) => t.subtaskIds.includes(s.id))
        .map((t) => t.name)
        .join('; '),
      subtaskId: s.id,
      subtask: s.name,
      unitPrice: s.unitPrice,
      measurementType: s.measurementType,
      measurementUnit: s.unit,
      equation: calculationEquations[s.measurementType],
      status: s.active ? 'active' : 'inactive',
      note: s.note,
      source: s.source,
    })),
  );
  const auto = automotiveSubtasks.map((s): CatalogExportRow => {
    const label = automotiveQuantityLabels[s.measurementType];
    return {
      catalog: 'automotive',
      category: 'automotive',
      tasks: automotiveTasks.find((t) => t.id === s.taskId)?.name ?? s.taskId,
      subtaskId: s.id,
      subtask: s.name,
      unitPrice: s.price,
      measurementType: s.measurementType,
      measurementUnit: automotiveUnits[s.measurementType],
      equation:
        label === null
          ? 'unit price x grade multiplier (charged once)'
          : `${label.toLowerCase()} x unit price x grade multiplier`,
      status: 'active',
      note: '',
      source: s.source,
    };
  });
  return [...home, ...auto];
}
