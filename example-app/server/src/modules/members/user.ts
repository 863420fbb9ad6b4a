// The User type's fields that come from the member row and their access. Other modules add the
// fields they own (subscription and billing: billing; integrations: integrations). The parent is
// the User mapper's MemberAccess (codegen.ts).
import type { UserResolvers } from '../../generated/resolvers';
import type { MemberAccess } from '../../kernel';

export const User = {
  uid: (m: MemberAccess) => ({ global: m.user.id, wordpress: m.user.wordpressId }),
  firstName: (m: MemberAccess) => m.user.firstName,
  lastName: (m: MemberAccess) => m.user.lastName,
  username: (m: MemberAccess) => m.user.username,
  email: (m: MemberAccess) => m.user.email,
  capabilities: (m: MemberAccess) => m.capabilities,
  additionalCapabilities: (m: MemberAccess) => m.additionalCapabilities,
  referAFriend: (m: MemberAccess) => ({ referralCode: m.user.referralCode }),
  goal: (m: MemberAccess) => m.user.goal,
  joinedAt: (m: MemberAccess) => m.user.createdAt,
} satisfies UserResolvers;
