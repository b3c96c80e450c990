import { launchBrowser } from '../../../web/e2e/browser';
import { withBenchApp } from './bench-app';
import { newBenchAccount, registerInContext, signInInContext } from './browser-session';
import { seedLongConversation } from './long-conversation';
import { timeToMessageVisible } from './conversation-render';

await withBenchApp(async (bench) => {
  const account = newBenchAccount();
  const browser = await launchBrowser();
  let app = await bench.start({ build: process.env.NOBUILD ? false : true });
  const reg = await browser.newContext({ baseURL: app.url });
  await registerInContext(reg, account);
  await reg.close();
  await app.stop();
  const seeded = await seedLongConversation(bench.persistTo, account.email, 1000);
  app = await bench.start({ build: false });
  const context = await browser.newContext({ baseURL: app.url });
  await signInInContext(context, account);
  const route = `/c/${seeded.conversationId}`;
  for (let i = 0; i < 5; i++) {
    const page = await context.newPage();
    const visit = await timeToMessageVisible(page, route, seeded.lastMessageId);
    const marks = await page.evaluate(`JSON.stringify(performance.getEntriesByType('mark').map(m => [m.name, Math.round(m.startTime)]).concat(performance.getEntriesByType('paint').map(m => [m.name, Math.round(m.startTime)])))`);
    console.log(`visit ${i}: visible at ${visit.ms.toFixed(0)} ms ${marks}`);
    if (i >= 3) for (const r of visit.resources) console.log(`  ${r.startTime.toFixed(0).padStart(5)} → ${r.responseEnd.toFixed(0).padStart(5)}  ${r.path}`);
    await page.close();
  }
  await context.close();
  await browser.close();
});
