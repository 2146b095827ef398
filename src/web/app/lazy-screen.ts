import { lazy, type ComponentType } from 'react';
import type { RouteParams } from './routes.tsx';

/** A route screen loaded on first visit, from a module's named export. */
export function lazyScreen<K extends string>(
  load: () => Promise<Record<K, ComponentType<{ params: RouteParams }>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
