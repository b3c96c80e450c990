/**
 * `npm run deploy`: builds the SPA, applies the D1 migrations, pushes `librechat.yaml` when it
 * exists, and runs `wrangler deploy`. It creates nothing on Cloudflare by itself: when the D1
 * database or KV namespace ids in wrangler.toml are still the local placeholders, or a required
 * secret is missing, it stops and prints the command that fixes it (see README, "Deploy").
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pushConfig } from './config-push';
import { REPO_ROOT, localBin } from './lib/paths';
import { installSignalHandlers, isMainModule, runProcess, startProcess } from './lib/process';

/** The ids wrangler.toml ships with; they only work locally. */
const PLACEHOLDER_D1_ID = '00000000-0000-0000-0000-000000000000';
const PLACEHOLDER_KV_ID = '00000000000000000000000000000000';
const REQUIRED_SECRETS = ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'CREDS_KEY', 'CREDS_IV'] as const;

const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: process.env.WRANGLER_SEND_METRICS ?? 'false' };

function wrangler(args: string[], label: string): Promise<void> {
  return runProcess(process.execPath, [localBin('wrangler'), ...args], {
    label,
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: wranglerEnv,
  });
}

/** What must be done before a deploy can work, as commands to run; empty when ready. */
export function missingResources(wranglerToml: string, secretNames: readonly string[]): string[] {
  const steps: string[] = [];
  if (wranglerToml.includes(PLACEHOLDER_D1_ID)) {
    steps.push('npx wrangler d1 create edgechat   # then put its database_id in wrangler.toml');
  }
  if (wranglerToml.includes(PLACEHOLDER_KV_ID)) {
    steps.push('npx wrangler kv namespace create CONFIG   # then put its id in wrangler.toml');
  }
  for (const name of REQUIRED_SECRETS) {
    if (!secretNames.includes(name))
      steps.push(`npx wrangler secret put ${name}   # openssl rand -hex ${name === 'CREDS_IV' ? 16 : 32}`);
  }
  return steps;
}

async function deployedSecretNames(): Promise<string[]> {
  const proc = startProcess(process.execPath, [localBin('wrangler'), 'secret', 'list', '--format', 'json'], {
    label: 'wrangler secret list',
    cwd: REPO_ROOT,
    stdio: 'pipe',
    env: wranglerEnv,
  });
  const status = await proc.exited;
  await proc.stop();
  // Before the first deploy the Worker does not exist yet and wrangler answers with an error.
  if (status.code !== 0) return [];
  const match = /\[[\s\S]*\]/.exec(proc.output());
  if (!match) return [];
  const parsed: unknown = JSON.parse(match[0]);
  return Array.isArray(parsed)
    ? parsed.flatMap((item: unknown) =>
        typeof item === 'object' && item !== null && 'name' in item && typeof item.name === 'string' ? [item.name] : [],
      )
    : [];
}

async function main(): Promise<void> {
  const toml = await readFile(path.join(REPO_ROOT, 'wrangler.toml'), 'utf8');
  const steps = missingResources(toml, await deployedSecretNames());
  if (steps.length) {
    console.error('Not ready to deploy. Run these first (see README, "Deploy to Cloudflare"):\n');
    for (const step of steps) console.error(`  ${step}`);
    console.error('\nThe R2 bucket is created once with: npx wrangler r2 bucket create edgechat-files');
    process.exitCode = 1;
    return;
  }
  await runProcess(process.execPath, [localBin('vite'), 'build', '--config', 'web/vite.config.ts'], {
    label: 'the SPA build',
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  await wrangler(['d1', 'migrations', 'apply', 'DB', '--remote'], 'wrangler d1 migrations apply');
  const configFile = path.join(REPO_ROOT, 'librechat.yaml');
  if (existsSync(configFile)) await pushConfig({ file: configFile, remote: true });
  await wrangler(['deploy'], 'wrangler deploy');
}

if (isMainModule(import.meta.url)) {
  installSignalHandlers();
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
