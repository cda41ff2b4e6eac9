// The connectors, by ATS id: the one place the crawl pipeline looks a board's connector up.
// An ATS without a connector here can hold boards, but their crawls fail saying so.
import type { AtsId, Connector } from '../connector.ts';
import { ashbyConnector } from './ashby.ts';
import { greenhouseConnector } from './greenhouse.ts';
import { leverConnector } from './lever.ts';

export const connectors: Partial<Record<AtsId, Connector>> = {
  greenhouse: greenhouseConnector,
  lever: leverConnector,
  ashby: ashbyConnector,
};
