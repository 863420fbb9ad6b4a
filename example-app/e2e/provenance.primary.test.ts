// Prices from real providers on the primary brand (the suite: provenance.ts), for a Platinum member.
import { provenanceSuite } from './provenance';

provenanceSuite('primary', 'platinum');
