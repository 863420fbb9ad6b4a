// The example app's contract: what its web app, server and tests share and the published sdk does not.
export {};
