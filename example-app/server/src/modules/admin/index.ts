// Administration (administrators only: the sdk's planTier is admin): members with their segments
// and the brand's member filter types, and additional capabilities. Content editing is in content/.
import type { ModuleFactory, Resolvers } from '../module';
import { adminMember } from './admin-member';
import { adminEndSessions, adminResendVerification } from './admin-member-actions';
import { adminMembers } from './admin-members';
import { adminSetAdditionalCapabilities } from './admin-set-additional-capabilities';
import { memberFilterTypes } from './member-filter-types';
import { memberSegments } from './member-segments';
import typeDefs from './schema.graphql?raw';

export const adminModule: ModuleFactory = () => ({
  name: 'admin',
  typeDefs,
  resolvers: {
    Query: { adminMember, adminMembers, memberSegments, memberFilterTypes },
    Mutation: { adminSetAdditionalCapabilities, adminEndSessions, adminResendVerification },
  } satisfies Resolvers,
});
