// The profit tracker, balance sheet and integrations panel for the primary brand (the suite: tracker.ts).
import { trackerSuite } from './tracker';

trackerSuite('primary');
