// The connectors, by ATS id: the one place the crawl pipeline looks a board's connector up.
// An ATS without a connector here can hold boards, but their crawls fail saying so.
import type { AtsId, Connector } from '../connector.ts';
import { ashbyConnector } from './ashby.ts';
import { bamboohrConnector } from './bamboohr.ts';
import { greenhouseConnector } from './greenhouse.ts';
import { leverConnector } from './lever.ts';
import { personioConnector } from './personio.ts';
import { recruiteeConnector } from './recruitee.ts';
import { smartrecruitersConnector } from './smartrecruiters.ts';
import { workdayConnector } from './workday.ts';

export const connectors: Partial<Record<AtsId, Connector>> = {
  greenhouse: greenhouseConnector,
  lever: leverConnector,
  ashby: ashbyConnector,
  smartrecruiters: smartrecruitersConnector,
  recruitee: recruiteeConnector,
  personio: personioConnector,
  workday: workdayConnector,
  bamboohr: bamboohrConnector,
};
