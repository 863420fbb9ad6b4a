// Every domain module of the server, in one list. A module is removed by deleting its folder and its line here.
import { accountsModule } from './accounts/index';
import { adminModule } from './admin/index';
import { alertsModule } from './alerts/index';
import { affiliatesModule } from './affiliates/index';
import { analyticsModule } from './analytics/index';
import { auditModule } from './audit/index';
import { billingModule } from './billing/index';
import { catalogModule } from './catalog/index';
import { contentModule } from './content/index';
import { exchangesModule } from './exchanges/index';
import { feedModule } from './feed/index';
import { forumModule } from './forum/index';
import { integrationsModule } from './integrations/index';
import { membersModule } from './members/index';
import type { ModuleFactory } from './module';
import { notificationsModule } from './notifications/index';
import { operationsModule } from './operations/index';
import { revenueModule } from './revenue/index';
import { trackerModule } from './tracker/index';
import { webappModule } from './webapp/index';

export const modules: readonly ModuleFactory[] = [
  catalogModule,
  membersModule,
  accountsModule,
  billingModule,
  affiliatesModule,
  trackerModule,
  feedModule,
  alertsModule,
  contentModule,
  adminModule,
  auditModule,
  operationsModule,
  exchangesModule,
  notificationsModule,
  forumModule,
  integrationsModule,
  analyticsModule,
  revenueModule,
  webappModule,
];
