// The profit tracker, balance sheet and integrations panel for the secondary brand (the suite: tracker.ts).
import { trackerSuite } from './tracker';

trackerSuite('secondary');
