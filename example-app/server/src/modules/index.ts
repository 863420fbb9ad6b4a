// Every domain module of the server, in one list. A module is removed by deleting its folder and its line here.
import { accountsModule } from './accounts/index';
import { catalogModule } from './catalog/index';
import { feedModule } from './feed/index';
import { membersModule } from './members/index';
import type { ModuleFactory } from './module';

export const modules: readonly ModuleFactory[] = [catalogModule, membersModule, accountsModule, feedModule];
