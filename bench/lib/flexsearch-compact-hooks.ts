import type { InitializeHook, ResolveHook } from 'node:module';

/**
 * Node module hooks (registered with `module.register`) that resolve `flexsearch` to the compact build, as the
 * extension's Vite alias does (scripts/build/flexsearch-compact.ts): a benchmark run under tsx would otherwise load
 * the package's default full build, which is not the code the extension ships.
 */
let compactUrl = '';

export const initialize: InitializeHook<{ url: string }> = (data) => {
  compactUrl = data.url;
};

export const resolve: ResolveHook = (specifier, context, nextResolve) =>
  specifier === 'flexsearch' ? { url: compactUrl, format: 'module', shortCircuit: true } : nextResolve(specifier, context);
