// The local Stripe fake on its own, for running the app against it by hand:
//   npx tsx example-app/server/src/test/stripe-fake-main.ts
// STRIPE_FAKE_PORT (default 12111) and STRIPE_FAKE_WEBHOOK_URL (default the app's on port 3000)
// set where it listens and where it delivers. It prints the variables to start the server with.
import { startStripeFake } from './stripe-fake';

const port = Number(process.env['STRIPE_FAKE_PORT'] ?? '12111');
const webhookUrl = process.env['STRIPE_FAKE_WEBHOOK_URL'] ?? 'http://localhost:3000/api/payments/webhook';
const fake = await startStripeFake({
  port,
  webhookUrl,
  secret: 'whsec_localFake0123456789',
  apiKey: 'sk_test_localFake0123',
  retryDelaysMs: [1000, 5000, 30_000],
});
process.stdout.write(
  `Stripe fake on ${fake.origin}, delivering to ${webhookUrl}\n` +
    `Start the server (development) with:\n` +
    `  STRIPE_SECRET_KEY=${fake.apiKey} STRIPE_WEBHOOK_SECRET=${fake.secret} STRIPE_API_BASE=${fake.origin}\n`,
);
const stop = () => void fake.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
