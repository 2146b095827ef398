// Query keys of the estimate reads: every write invalidates the whole family.
export const ESTIMATES_KEY = ['estimates'] as const;
