// The provider adapter for a catalog provider id. Providers without one (the sandbox,
// Workable, anything unknown) get the empty adapter: everything generic.
import type { ProviderAdapter } from './adapter.ts';
import { ashbyAdapter } from './ashby.ts';
import { bamboohrAdapter } from './bamboohr.ts';
import { greenhouseAdapter } from './greenhouse.ts';
import { icimsAdapter } from './icims.ts';
import { jobviteAdapter } from './jobvite.ts';
import { leverAdapter } from './lever.ts';
import { personioAdapter } from './personio.ts';
import { recruiteeAdapter } from './recruitee.ts';
import { workdayAdapter } from './workday.ts';

const ADAPTERS: Record<string, ProviderAdapter> = {
  greenhouse: greenhouseAdapter,
  lever: leverAdapter,
  ashby: ashbyAdapter,
  workday: workdayAdapter,
  recruitee: recruiteeAdapter,
  bamboohr: bamboohrAdapter,
  personio: personioAdapter,
  jobvite: jobviteAdapter,
  icims: icimsAdapter,
};

export function adapterFor(providerId: string): ProviderAdapter {
  return Object.hasOwn(ADAPTERS, providerId) ? ADAPTERS[providerId] : {};
}
