import type { LanguageFn } from 'highlight.js';

type GrammarLoader = () => Promise<{ default: LanguageFn }>;

/**
 * The grammars a chat reply is likely to use, each its own small chunk fetched the first time
 * a code block needs it. Literal import paths, so the bundler can split them.
 */
export const GRAMMAR_LOADERS = {
  javascript: () => import('highlight.js/lib/languages/javascript'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  python: () => import('highlight.js/lib/languages/python'),
  bash: () => import('highlight.js/lib/languages/bash'),
  shell: () => import('highlight.js/lib/languages/shell'),
  json: () => import('highlight.js/lib/languages/json'),
  xml: () => import('highlight.js/lib/languages/xml'),
  css: () => import('highlight.js/lib/languages/css'),
  sql: () => import('highlight.js/lib/languages/sql'),
  go: () => import('highlight.js/lib/languages/go'),
  rust: () => import('highlight.js/lib/languages/rust'),
  java: () => import('highlight.js/lib/languages/java'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  diff: () => import('highlight.js/lib/languages/diff'),
  php: () => import('highlight.js/lib/languages/php'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  swift: () => import('highlight.js/lib/languages/swift'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
} satisfies Record<string, GrammarLoader>;

export type GrammarName = keyof typeof GRAMMAR_LOADERS;

/**
 * Grammars another one embeds (HTML's <script> and <style>, a shell session's commands);
 * highlight.js leaves an embedded language plain if its grammar is not registered.
 */
export const GRAMMAR_DEPENDENCIES: Partial<Record<GrammarName, GrammarName[]>> = {
  xml: ['css', 'javascript'],
  shell: ['bash'],
};

/**
 * Fence info strings as models write them, mapped to a grammar. Kept here rather than taken
 * from the grammars' own alias lists so we know which chunk to fetch before fetching it.
 * "shell" and "sh" mean commands (bash); only explicit session tags get the prompt grammar.
 */
const ALIASES: Record<string, GrammarName> = {
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  py: 'python',
  python3: 'python',
  py3: 'python',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'shell',
  shellsession: 'shell',
  terminal: 'shell',
  jsonc: 'json',
  json5: 'json',
  html: 'xml',
  xhtml: 'xml',
  svg: 'xml',
  rss: 'xml',
  atom: 'xml',
  plist: 'xml',
  mysql: 'sql',
  postgresql: 'sql',
  postgres: 'sql',
  sqlite: 'sql',
  psql: 'sql',
  golang: 'go',
  rs: 'rust',
  h: 'c',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hxx: 'cpp',
  'h++': 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  yml: 'yaml',
  md: 'markdown',
  patch: 'diff',
  rb: 'ruby',
  kt: 'kotlin',
  kts: 'kotlin',
};

/** The grammar for a fence's language tag, or null to show the code plain. */
export function grammarFor(language: string | undefined): GrammarName | null {
  if (!language) return null;
  const tag = language.toLowerCase();
  if (isGrammarName(tag)) return tag;
  return Object.hasOwn(ALIASES, tag) ? (ALIASES[tag] ?? null) : null;
}

const isGrammarName = (tag: string): tag is GrammarName => Object.hasOwn(GRAMMAR_LOADERS, tag);
