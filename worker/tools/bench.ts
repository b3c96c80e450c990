/**
 * `npm run bench`: the performance figures the project sets itself budgets for (below),
 * measured on real components — the built SPA in Chromium served by `wrangler dev`, and local
 * D1 through wrangler — never by timed tests. Prints one table; exits non-zero only when a
 * measurement could not be made (a figure over budget is reported, flagged, not hidden).
 * `npm run bench -- <group> …` measures only the named groups (GROUP_IDS), e.g. while tuning one.
 */
import { measureConversationRender } from './bench/conversation-render';
import { measureBranchRowsRead, measureListRowsRead } from './bench/d1-rows';
import { measureFileListRowsRead } from './bench/file-rows';
import { measurePromptRowsRead } from './bench/prompt-rows';
import { measureUploadThroughput } from './bench/upload-throughput';
import { measureHotPathCpu } from './bench/hot-path-cpu';
import { routeJsFigures } from './bench/route-js-figures';
import { measureTtft } from './bench/ttft';
import { measureSpeech } from './bench/speech';
import { LOAD_LEVELS, measureLoad, measureLoadFloors } from './bench/load';
import { RELAY_D1_BATCHES, type RelayLevel } from './bench/relay-floor';
import { turnCostFigures } from './bench/turn-cost-figures';
import { type Figure, HOT_PATH_CPU_BUDGET_MS } from './bench/figure';
import { measureAgentStep } from './bench/agent-step';
import { measureSearchCost } from './bench/search-rows';
import { selectGroups } from './bench/select-groups';
import { installSignalHandlers, isMainModule } from './lib/process';

/** Time to first token the app may add over the provider's own (ms). */
const TTFT_ADDED_BUDGET_MS = 10;
/** D1 rows read by one conversation-list page of 25. */
const LIST_ROWS_BUDGET = 60;
/** Server time of a message search over 100,000 messages (ms). */
const SEARCH_SERVER_MS_BUDGET = 50;

/** ARCHITECTURE.md's budget: a 1,000-message conversation's last message visible within 300 ms. */
const CONVERSATION_RENDER_BUDGET_MS = 300;
/** "Scrolling smooth": at most one frame in twenty missed during a quick flick through the chat. */
const SCROLL_DROPPED_FRAMES_BUDGET = 9;

async function conversationRenderFigures(options: { build: boolean }): Promise<Figure[]> {
  const f = await measureConversationRender({ runs: 5, build: options.build });
  return [
    {
      what: `${f.messages.toLocaleString('en')}-message conversation: navigation → last message visible, Chromium (median of ${f.runs})`,
      value: `${f.medianMs.toFixed(0)} ms`,
      budget: `≤ ${CONVERSATION_RENDER_BUDGET_MS} ms`,
      over: f.medianMs > CONVERSATION_RENDER_BUDGET_MS,
    },
    {
      what: `  the same for a ${f.control.messages}-message conversation, visited in turn with it (median of ${f.runs})`,
      value: `${f.control.medianMs.toFixed(0)} ms`,
      budget: '',
      over: false,
    },
    {
      what:
        `  scrolling up through it, ${(f.scroll.scrolledPx / 1000).toFixed(1)}k px in ${f.scroll.frames} frames ` +
        `(${f.scroll.rowsDrawn} messages drawn on the way): frames dropped`,
      value: `${f.scroll.droppedFrames}`,
      budget: `≤ ${SCROLL_DROPPED_FRAMES_BUDGET}`,
      over: f.scroll.droppedFrames > SCROLL_DROPPED_FRAMES_BUDGET,
    },
  ];
}

/** The isolate's memory limit: a streamed upload must stay far below it whatever the file's size. */
const ISOLATE_MEMORY_MB = 128;

async function uploadFigures(): Promise<Figure[]> {
  const figures = await measureUploadThroughput();
  return figures.flatMap((f) => [
    {
      what: `upload of a ${f.megabytes} MB file in parts (8 MiB, two at a time), in-process app`,
      value: `${f.megabytesPerSecond.toFixed(0)} MB/s (${f.seconds.toFixed(1)} s)`,
      budget: '',
      over: false,
    },
    {
      what: `workerd memory (RSS) rise during the ${f.megabytes} MB upload, local R2 included`,
      value: `${f.rssRiseMb.toFixed(0)} MB`,
      budget: `< ${ISOLATE_MEMORY_MB / 2} MB`,
      over: f.rssRiseMb >= ISOLATE_MEMORY_MB / 2,
    },
  ]);
}

async function rowsReadFigures(): Promise<Figure[]> {
  const figures = [
    ...(await measureListRowsRead()),
    ...(await measureBranchRowsRead()),
    ...(await measureFileListRowsRead()),
    ...(await measurePromptRowsRead()),
  ];
  return figures.map((f) => ({
    what: `D1 rows read: ${f.what}`,
    value: String(f.rowsRead),
    budget: f.budget === undefined ? '' : `≤ ${f.budget}`,
    over: f.budget !== undefined && f.rowsRead > f.budget,
  }));
}

/** List page and search on a 100,000-message history: rows read, and D1's own time for the statement. */
async function searchCostFigures(): Promise<Figure[]> {
  const report = await measureSearchCost();
  console.log(`(search bench: seeded and checked the history in ${(report.seedMs / 1000).toFixed(1)} s, not timed)`);
  return report.figures.flatMap((f) => [
    {
      what: `D1 rows read: ${f.what}`,
      value: String(f.rowsRead),
      budget: f.kind === 'list' ? `≤ ${LIST_ROWS_BUDGET}` : '',
      over: f.kind === 'list' && f.rowsRead > LIST_ROWS_BUDGET,
    },
    {
      what: `D1 server time (meta.duration, whole ms, median of ${f.runs}): ${f.what}`,
      value: `${Number(f.medianMs.toFixed(1))} ms`,
      budget: f.kind === 'search' ? `≤ ${SEARCH_SERVER_MS_BUDGET} ms` : '',
      over: f.kind === 'search' && f.medianMs > SEARCH_SERVER_MS_BUDGET,
    },
    {
      // An upper bound on the server time, finer-grained than D1's whole milliseconds.
      what: `  same, round trip from Node through the platform proxy (median of ${f.runs})`,
      value: `${f.medianRoundTripMs.toFixed(1)} ms`,
      budget: '',
      over: false,
    },
  ]);
}

/**
 * Both ways of running the app locally: in this process (the deploy bundle on wrangler's
 * Miniflare, entered through the app's own socket: what the budget is held to) and under
 * `wrangler dev`, whose development proxy and Miniflare's entry worker add hops production
 * does not have (see bench/in-process-app.ts).
 */
/** Sends per series: the machine's own jitter is about a millisecond, so medians need many. */
const TTFT_RUNS = 50;

async function ttftFigures(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [host, label] of [
    ['in-process', 'the app in-process (deploy bundle, Miniflare)'],
    ['wrangler-dev', 'the app on wrangler dev (its dev proxy and entry worker included)'],
  ] as const) {
    const f = await measureTtft({ host, runs: TTFT_RUNS });
    const added = (appMs: number) => appMs - f.directMs;
    const addedFigure = (what: string, appMs: number): Figure => ({
      what,
      value: `${added(appMs).toFixed(1)} ms`,
      budget: host === 'in-process' ? `≤ ${TTFT_ADDED_BUDGET_MS} ms` : '',
      over: host === 'in-process' && added(appMs) > TTFT_ADDED_BUDGET_MS,
    });
    figures.push(
      {
        what: `TTFT, mock provider called directly (median of ${f.runs})`,
        value: `${f.directMs.toFixed(1)} ms`,
        budget: '',
        over: false,
      },
      {
        what: `TTFT via POST /api/ask on ${label}, new conversation (median of ${f.runs})`,
        value: `${f.appMs.toFixed(1)} ms`,
        budget: '',
        over: false,
      },
      addedFigure('  added by the app, new conversation (difference of the medians)', f.appMs),
      {
        what: `TTFT via POST /api/ask on ${label}, reply in a conversation (median of ${f.runs})`,
        value: `${f.appReplyMs.toFixed(1)} ms`,
        budget: '',
        over: false,
      },
      addedFigure('  added by the app, reply in a conversation (difference of the medians)', f.appReplyMs),
    );
  }
  return figures;
}

async function speechFigures(): Promise<Figure[]> {
  const f = await measureSpeech({ runs: 30 });
  const added = f.appMs - f.directMs;
  const figure = (what: string, ms: number): Figure => ({
    what,
    value: `${ms.toFixed(1)} ms`,
    budget: '',
    over: false,
  });
  return [
    figure(`Read-aloud first audio byte, mock engine called directly (median of ${f.runs})`, f.directMs),
    figure(`Read-aloud first audio byte via POST /api/files/speech/tts, in-process (median of ${f.runs})`, f.appMs),
    figure('  added by the app (difference of the medians)', added),
    figure(`Read-aloud first audio byte, second read served from R2 (median of ${f.runs})`, f.cachedMs),
  ];
}

/** At the most concurrent level, the first token may take at most this many times the single user's. */
const LOAD_FIRST_TOKEN_FACTOR = 5;

async function loadFigures(): Promise<Figure[]> {
  const levels = await measureLoad(LOAD_LEVELS);
  const floors = await measureLoadFloors(LOAD_LEVELS);
  const single = levels.find((level) => level.concurrent === 1)?.firstTokenP50 ?? Number.NaN;
  const most = Math.max(...levels.map((level) => level.concurrent));
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  for (const level of levels) for (const problem of level.problems.slice(0, 5)) console.error(`load: ${problem}`);
  return levels.flatMap((level) => {
    const limit = single * LOAD_FIRST_TOKEN_FACTOR;
    const held = level.concurrent === most;
    const who = `${level.concurrent} users at once (${level.sends} sends: new conversation, then a follow-up; ${level.rounds} rounds)`;
    return [
      {
        what: `Load, ${who}: first token p50`,
        value: ms(level.firstTokenP50),
        budget: held ? `≤ ${ms(limit)}` : '',
        over: held && level.firstTokenP50 > limit,
      },
      { what: '  first token p95', value: ms(level.firstTokenP95), budget: '', over: false },
      {
        what: '  first token p50, new conversations / follow-ups',
        value: `${ms(level.firstTokenNewP50)} / ${ms(level.firstTokenFollowUpP50)}`,
        budget: '',
        over: false,
      },
      { what: '  whole send p50 (40 chunks over ~1 s)', value: ms(level.wholeP50), budget: '', over: false },
      { what: '  workerd CPU per send', value: ms(level.cpuMsPerSend), budget: '', over: false },
      ...floorFigures(floors, level.concurrent),
      {
        what: '  replies lost or corrupted',
        value: String(level.lostOrCorrupted),
        budget: '= 0',
        over: level.lostOrCorrupted > 0,
      },
    ];
  });
}

/** The relay floor's lines under a level of the load bench (relay-floor.ts). */
function floorFigures(floors: Awaited<ReturnType<typeof measureLoadFloors>>, concurrent: number): Figure[] {
  const line = (what: string, level: RelayLevel | undefined): Figure => ({
    what,
    value: level ? `${level.firstTokenP50.toFixed(0)} ms / ${level.cpuMsPerSend.toFixed(1)} ms` : 'not measured',
    budget: '',
    over: false,
  });
  const at = (levels: RelayLevel[]) => levels.find((level) => level.concurrent === concurrent);
  const { beforeProvider, afterStream } = RELAY_D1_BATCHES;
  return [
    line(
      '  floor, a bare relay (Worker → object → provider → client): first token p50 / CPU per send',
      at(floors.bare),
    ),
    line(
      `  floor with a send's D1 batches (${beforeProvider} statements before the provider call, ${afterStream} after the stream)`,
      at(floors.withD1),
    ),
  ];
}

async function agentStepFigures(): Promise<Figure[]> {
  const f = await measureAgentStep();
  const figure = (what: string, value: string): Figure => ({ what, value, budget: '', over: false });
  return [
    figure(
      `Agent tool step: model's call turn ended → next model request, in the object (median, ${f.runs} runs of 3 calls)`,
      `${f.stepLatencyMs.toFixed(1)} ms`,
    ),
    figure('  workerd CPU per tool step (runs with 3 calls less runs without)', `${f.cpuMsPerToolStep.toFixed(1)} ms`),
    figure(
      '  D1 queries / rows written per agent run of 3 tool calls',
      `${f.d1QueriesPerRun.toFixed(1)} / ${f.d1RowsWrittenPerRun.toFixed(1)}`,
    ),
  ];
}

async function hotPathCpuFigures(): Promise<Figure[]> {
  const f = await measureHotPathCpu({ runs: 20 });
  return [
    {
      what: `CPU per ${f.deltas.toLocaleString('en')}-token reply, provider parse + DO frames (in Node, hot path only; median of ${f.runs})`,
      value: `${f.medianMs.toFixed(1)} ms`,
      budget: `≤ ${HOT_PATH_CPU_BUDGET_MS} ms`,
      over: f.medianMs > HOT_PATH_CPU_BUDGET_MS,
    },
  ];
}

function printTable(figures: readonly Figure[]): void {
  const width = Math.max(...figures.map((f) => f.what.length));
  for (const f of figures) {
    console.log(
      `${f.what.padEnd(width)}  ${f.value.padStart(14)}  ${f.budget.padEnd(10)}${f.over ? '  OVER BUDGET' : ''}`,
    );
  }
}

interface Group {
  /** What `npm run bench -- <id>` selects the group by. */
  id: string;
  /** Names the group when it could not be measured. */
  name: string;
  measure: () => Promise<Figure[]>;
}

async function main(ids: readonly string[]): Promise<void> {
  // Route JS first: it builds web/dist, which the later app runs serve without building again.
  // If it failed or was not selected, the render bench builds for itself rather than time a
  // stale web/dist.
  let spaBuilt = false;
  const groups = selectGroups<Group>(
    [
      {
        id: 'route-js',
        name: 'JS per route',
        measure: async () => {
          const figures = await routeJsFigures();
          spaBuilt = true;
          return figures;
        },
      },
      {
        id: 'conversation-render',
        name: 'conversation render',
        measure: () => conversationRenderFigures({ build: !spaBuilt }),
      },
      { id: 'd1-rows', name: 'D1 rows read', measure: rowsReadFigures },
      { id: 'upload', name: 'uploads through the Worker', measure: uploadFigures },
      { id: 'search', name: 'message search over 100,000 messages', measure: searchCostFigures },
      { id: 'ttft', name: 'time to first token', measure: ttftFigures },
      { id: 'speech', name: 'read-aloud time to first audio byte', measure: speechFigures },
      { id: 'hot-path-cpu', name: 'hot-path CPU', measure: hotPathCpuFigures },
      { id: 'load', name: 'streamed turns under concurrency', measure: loadFigures },
      { id: 'turn-cost', name: 'the cost of one turn', measure: turnCostFigures },
      { id: 'agent-step', name: 'an agent’s tool step', measure: agentStepFigures },
    ],
    ids,
  );
  const figures: Figure[] = [];
  const failures: string[] = [];
  // One measurement that cannot be made does not hide the others; it still fails the run.
  for (const { name, measure } of groups) {
    try {
      figures.push(...(await measure()));
    } catch (error) {
      figures.push({ what: name, value: 'NOT MEASURED', budget: '', over: false });
      failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  console.log('');
  printTable(figures);
  if (failures.length > 0) {
    console.error('');
    for (const failure of failures) console.error(failure);
    process.exitCode = 1;
  }
}

if (isMainModule(import.meta.url)) {
  installSignalHandlers();
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
