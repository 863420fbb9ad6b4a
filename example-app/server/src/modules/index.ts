// Every domain module of the server, in one list. A module is removed by deleting its folder and its line here.
import { catalogModule } from './catalog/index';
import { membersModule } from './members/index';
import type { ModuleFactory } from './module';
import { trackerModule } from './tracker/index';

export const modules: readonly ModuleFactory[] = [catalogModule, membersModule, trackerModule];
