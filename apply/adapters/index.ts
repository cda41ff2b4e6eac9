// Provider adapters by provider id; providers without one use the generic behaviour.
import type { ProviderAdapter } from './adapter.ts';

const ADAPTERS: Record<string, ProviderAdapter> = {};

export function adapterFor(providerId: string): ProviderAdapter {
  return ADAPTERS[providerId] ?? {};
}
