/**
 * Clickjacking: a page on another origin (another loopback port) that frames the app's login
 * page gets Chromium's refusal instead of the app, because of `frame-ancestors 'none'`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import './provided';

const appUrl = inject('appUrl');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('framing', () => {
  let server: Server;
  let framerUrl = '';

  beforeAll(async () => {
    // Another origin (another loopback port) whose page frames the app's login page.
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><title>framer</title><iframe id="app" src="${appUrl}/login"></iframe>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    framerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses to be framed by another origin', async () => {
    const context = await newContext(browser, appUrl);
    try {
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => consoleErrors.push(message.text()));
      const framed = page.waitForResponse((response) => response.url() === `${appUrl}/login`);
      await page.goto(framerUrl);
      expect((await framed).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await page.waitForTimeout(1_000);
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
      // Chromium replaces a refused frame's document with its own error page: no app inside.
      expect(frame?.url() ?? '').not.toBe(`${appUrl}/login`);
      expect(await frame?.locator('#root').count()).toBe(0);
      expect(consoleErrors.join('\n')).toMatch(/frame-ancestors/);
    } finally {
      await context.close();
    }
  });
});
