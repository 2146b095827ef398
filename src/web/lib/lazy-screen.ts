// Code-split screens: a feature's routes.tsx wraps each screen in lazyScreen so it loads in its own chunk.
import { lazy, type ComponentType } from 'react';
import type { RouteParams } from './routing.ts';

/** A route screen loaded on first visit, from a module's named export. */
export function lazyScreen<K extends string>(
  load: () => Promise<Record<K, ComponentType<{ params: RouteParams }>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
