import { runtimeConfigSchema, systemPaths, type RuntimeConfig } from '#contracts/system.ts';

let cached: RuntimeConfig | undefined;

/**
 * The settings the server injected into the page. In development (Vite serves the page) the same
 * values come from /api/runtime-config.
 */
/** The settings once loadRuntimeConfig has run (it runs before any page renders), else undefined. */
export function loadedRuntimeConfig(): RuntimeConfig | undefined {
  return cached;
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (cached) return cached;
  const element = document.getElementById('runtime-config');
  const raw: unknown = element?.textContent
    ? JSON.parse(element.textContent)
    : await fetch(systemPaths.runtimeConfig.href()).then((response) => response.json());
  cached = runtimeConfigSchema.parse(raw);
  return cached;
}
