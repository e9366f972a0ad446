// Stands in for `server-only` under Vitest: the real one throws outside Next's server bundles.
export {};
