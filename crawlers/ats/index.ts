// The connectors, by ATS id: the one place the crawl pipeline looks a board's connector up.
import type { AtsId, Connector } from '../connector.ts';
import { ashbyConnector } from './ashby.ts';
import { bamboohrConnector } from './bamboohr.ts';
import { greenhouseConnector } from './greenhouse.ts';
import { leverConnector } from './lever.ts';
import { personioConnector } from './personio.ts';
import { recruiteeConnector } from './recruitee.ts';
import { smartrecruitersConnector } from './smartrecruiters.ts';
import { teamtailorConnector } from './teamtailor.ts';
import { workableConnector } from './workable.ts';
import { workdayConnector } from './workday.ts';

export const connectors: Record<AtsId, Connector> = {
  greenhouse: greenhouseConnector,
  lever: leverConnector,
  ashby: ashbyConnector,
  smartrecruiters: smartrecruitersConnector,
  recruitee: recruiteeConnector,
  personio: personioConnector,
  workday: workdayConnector,
  bamboohr: bamboohrConnector,
  workable: workableConnector,
  teamtailor: teamtailorConnector,
};
