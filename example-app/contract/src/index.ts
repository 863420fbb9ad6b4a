// The example app's contract: what its web app, server and tests share and the published sdk does
// not. Each part has its own entry point, so that a side imports only what it uses:
//   @matchkit/app-contract/seed   the starting content (offers, guides, training), its URLs
//   @matchkit/app-contract/feed   the FeedSource interface and the deterministic simulated feed
export {};
