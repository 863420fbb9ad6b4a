// The public names of @matchkit/sdk/tracker are re-exported here.
export {};
