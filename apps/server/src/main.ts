import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { announceSetupLink } from './modules/setup/index.js';
import { recordServerAddress } from './cli/address.js';
import { lanAddresses, otherDeviceHint } from './cli/other-devices.js';

const startedAt = performance.now();

async function main() {
  const config = loadConfig();
  const { app, ctx } = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const port = (app.server.address() as { port: number }).port;
  const address = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const hint = otherDeviceHint({ host: config.HOST, port, origins: config.origins, lan: lanAddresses() });
  // Issue 22: say plainly when no real money can move (decision 028).
  if (!config.STRIPE_SECRET_KEY) hint.push('  Payments: local Stripe test mode (no STRIPE_SECRET_KEY); no real money moves.');
  console.log(`\nBay Club is running at ${address}  (database: ${ctx.database.engine}, ready in ${seconds}s)\n${hint.join('\n')}\n`);
  // Beside the embedded database, for commands run later without this environment (npm run seed:demo prints it).
  if (!config.DATABASE_URL) {
    await recordServerAddress(config.DATA_DIR, address).catch((err: unknown) => app.log.warn({ err }, 'could not record the address'));
  }
  await announceSetupLink(ctx);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
