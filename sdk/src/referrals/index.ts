// The public names of @matchkit/sdk/referrals are re-exported here.
export {};
