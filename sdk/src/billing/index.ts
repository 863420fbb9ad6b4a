// The public names of @matchkit/sdk/billing are re-exported here.
export {};
