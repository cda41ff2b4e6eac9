// The provider adapter for a catalog provider id. Providers without one (the sandbox,
// Workable, anything unknown) get the empty adapter: everything generic.
import type { ProviderAdapter } from './adapter.ts';
import { ashbyAdapter } from './ashby.ts';
import { greenhouseAdapter } from './greenhouse.ts';
import { leverAdapter } from './lever.ts';

const ADAPTERS: Record<string, ProviderAdapter> = {
  greenhouse: greenhouseAdapter,
  lever: leverAdapter,
  ashby: ashbyAdapter,
};

export function adapterFor(providerId: string): ProviderAdapter {
  return Object.hasOwn(ADAPTERS, providerId) ? ADAPTERS[providerId] : {};
}
