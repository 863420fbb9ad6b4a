// Content: the dashboard's offers (three categories) and Guides and Training, seeded on first
// start, edited by administrators (drafts, publishing: publish.ts; the offers' order:
// admin-move-offer.ts); each member's completed offers.
import type { ModuleFactory, Resolvers } from '../module';
import { adminDeleteGuide } from './admin-delete-guide';
import { adminDeleteOffer } from './admin-delete-offer';
import { adminMoveOffer } from './admin-move-offer';
import { adminSaveGuide } from './admin-save-guide';
import { adminSaveOffer } from './admin-save-offer';
import { guide } from './guide';
import { guides } from './guides';
import { offer } from './offer';
import { offers } from './offers';
import { adminGuides, adminOffers, adminPublishGuide, adminPublishOffer } from './publish';
import { seedContent } from './seed';
import { setOfferCompleted } from './set-offer-completed';
import typeDefs from './schema.graphql?raw';

export const contentModule: ModuleFactory = (deps) => ({
  name: 'content',
  typeDefs,
  resolvers: {
    Query: { offers, offer, guides, guide, adminOffers, adminGuides },
    Mutation: {
      setOfferCompleted,
      adminSaveOffer,
      adminDeleteOffer,
      adminSaveGuide,
      adminDeleteGuide,
      adminPublishOffer,
      adminPublishGuide,
      adminMoveOffer,
    },
  } satisfies Resolvers,
  async start() {
    const seeded = await seedContent(deps.db, deps.brand, deps.clock());
    if (seeded.offers + seeded.guides > 0) deps.logger.info(seeded, 'seeded the starting content');
  },
});
