import { writeFileSync } from 'node:fs';
import { launchBrowser } from '../../../web/e2e/browser';
import { withBenchApp } from './bench-app';
import { newBenchAccount, registerInContext, signInInContext } from './browser-session';
import { seedLongConversation } from './long-conversation';
import { timeToMessageVisible } from './conversation-render';

await withBenchApp(async (bench) => {
  const account = newBenchAccount();
  const browser = await launchBrowser();
  let app = await bench.start({ build: process.env.NOBUILD ? false : true });
  const registration = await browser.newContext({ baseURL: app.url });
  await registerInContext(registration, account);
  await registration.close();
  await app.stop();
  const seeded = await seedLongConversation(bench.persistTo, account.email, 1000);
  app = await bench.start({ build: false });
  const context = await browser.newContext({ baseURL: app.url });
  await signInInContext(context, account);
  const route = `/c/${seeded.conversationId}`;
  for (let i = 0; i < 6; i += 1) {
    const page = await context.newPage();
    const tracing = i === 5;
    const cdp = await page.context().newCDPSession(page);
    if (tracing) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start'); }
    await page.addInitScript({ content: `(() => { const a = performance.now(); const c = document.cookie; const b = performance.now(); const l = navigator.languages; const d = performance.now(); window.__cookieMs = [b - a, d - b, c.length]; })();` });
    const visit = await timeToMessageVisible(page, route, seeded.lastMessageId);
    console.log('cookie ms', await page.evaluate('JSON.stringify(window.__cookieMs)'));
    if (tracing) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync('/tmp/x/profile.json', JSON.stringify(profile));
    }
    console.log('visit', i, visit.ms.toFixed(0));
    if (i >= 4) for (const r of visit.resources) console.log('  ', r.startTime.toFixed(0), r.responseEnd.toFixed(0), r.path);
    await page.close();
  }
  await context.close();
  await browser.close();
});
