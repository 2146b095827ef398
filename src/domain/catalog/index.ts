// The estimate catalogue: home-repair categories, category lists, sign-up catalogue, automotive, export.
export * from './types.ts';
export * from './categories.ts';
export * from './home-repair.ts';
export * from './signup.ts';
export * from './automotive.ts';
export * from './export.ts';
