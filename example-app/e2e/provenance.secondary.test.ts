// Prices from real providers on the secondary brand (the suite: provenance.ts), for a Pro member.
import { provenanceSuite } from './provenance';

provenanceSuite('secondary', 'pro');
