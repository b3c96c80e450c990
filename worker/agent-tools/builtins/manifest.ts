/**
 * The built-in tools this server has, in one place: what the tools list shows for each (LibreChat's
 * plugin fields: name, key, description, icon, and `authConfig` with LibreChat's env names),
 * whether it can run with the values given, and its ToolSpec for a run. The tools list and the
 * send's tool resolution both read it.
 *
 * Values come from the operator's env and, for a tool the user installed with their own
 * credentials, from those (see builtinCredentials). A field is set when it is non-empty and not
 * `user_provided`; `A||B` means either name will do.
 */
import type { ToolSpec } from '../types';
import { CALCULATOR_KEY, calculatorSpec } from './calculator';
import { toolIcon } from './icons';
import {
  IMAGE_GEN_OAI_API_KEY,
  IMAGE_GEN_OAI_BASEURL,
  IMAGE_GEN_OAI_KEY,
  IMAGE_GEN_OAI_MODEL,
  imageGenSpec,
} from './image-gen-oai';
import { TAVILY_API_KEY, TAVILY_KEY, tavilySpec } from './tavily';
import { SEARXNG_API_KEY, SEARXNG_INSTANCE_URL, SERPER_API_KEY, WEB_SEARCH_KEY, webSearchSpec } from './web-search';

/** One credential or setting a tool needs (LibreChat's `authConfig` entry). */
export interface ToolAuthField {
  authField: string;
  label: string;
  description: string;
}

/** A built-in tool as the tools list shows it (LibreChat's TPlugin, `authenticated` added by the list). */
export interface BuiltinPlugin {
  name: string;
  pluginKey: string;
  description: string;
  icon: string;
  authConfig: ToolAuthField[];
}

interface BuiltinTool extends BuiltinPlugin {
  /** Settings read from the env when set, never required (a base URL, a model, a secret of the operator's server). */
  optional: { name: string; secret: boolean }[];
  spec(credentials: Record<string, string>): ToolSpec;
}

const BUILTIN_TOOLS: readonly BuiltinTool[] = [
  {
    name: 'Calculator',
    pluginKey: CALCULATOR_KEY,
    description: 'Exact arithmetic: the model works out sums, powers, roots and the like instead of guessing them.',
    icon: toolIcon('calculator'),
    authConfig: [],
    optional: [],
    spec: () => calculatorSpec(),
  },
  {
    name: 'Tavily Search',
    pluginKey: TAVILY_KEY,
    description: 'Web search through Tavily, built for AI agents: current results the reply cites as sources.',
    icon: toolIcon('search'),
    authConfig: [
      { authField: TAVILY_API_KEY, label: 'Tavily API Key', description: 'Your API key from app.tavily.com.' },
    ],
    optional: [],
    spec: tavilySpec,
  },
  {
    name: 'Web Search',
    pluginKey: WEB_SEARCH_KEY,
    description: 'Web search through your SearXNG instance, or through Serper (Google results): cited as sources.',
    icon: toolIcon('globe'),
    authConfig: [
      {
        authField: `${SEARXNG_INSTANCE_URL}||${SERPER_API_KEY}`,
        label: 'SearXNG instance URL or Serper API key',
        description: 'The URL of a SearXNG instance with its JSON format enabled, or an API key from serper.dev.',
      },
    ],
    optional: [{ name: SEARXNG_API_KEY, secret: true }],
    spec: webSearchSpec,
  },
  {
    name: 'OpenAI Image Tools',
    pluginKey: IMAGE_GEN_OAI_KEY,
    description:
      "Image generation with OpenAI's images API (gpt-image-1 by default): the picture appears in the reply.",
    icon: toolIcon('image'),
    authConfig: [
      {
        authField: IMAGE_GEN_OAI_API_KEY,
        label: 'OpenAI API Key',
        description: 'An OpenAI API key allowed to use the images API.',
      },
    ],
    optional: [
      { name: IMAGE_GEN_OAI_BASEURL, secret: false },
      { name: IMAGE_GEN_OAI_MODEL, secret: false },
    ],
    spec: imageGenSpec,
  },
];

/** Every built-in tool's plugin fields, in the order the tools list shows them. */
export function builtinPlugins(): BuiltinPlugin[] {
  return BUILTIN_TOOLS.map(({ name, pluginKey, description, icon, authConfig }) => ({
    name,
    pluginKey,
    description,
    icon,
    authConfig: authConfig.map((field) => ({ ...field })),
  }));
}

export function isBuiltinTool(key: string): boolean {
  return BUILTIN_TOOLS.some((tool) => tool.pluginKey === key);
}

const isSet = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '' && value.trim() !== 'user_provided';

/** Where a tool's values come from: the operator's env, and the user's own (installed with the tool). */
export interface BuiltinValues {
  env: Readonly<Record<string, string | undefined>>;
  user?: Readonly<Record<string, string | undefined>>;
}

/** Each required field's value from `values` (an `A||B` field: each name that is set), or null when one is unset. */
function requiredFrom(tool: BuiltinTool, values: Readonly<Record<string, string | undefined>>) {
  const credentials: Record<string, string> = {};
  for (const field of tool.authConfig) {
    const names = field.authField.split('||');
    for (const name of names) {
      const value = values[name];
      if (isSet(value)) credentials[name] = value.trim();
    }
    if (!names.some((name) => name in credentials)) return null;
  }
  return credentials;
}

/**
 * The values a built-in tool runs with, by env name, or null when a required field is unset (the
 * tool cannot run: the list shows it as not authenticated, the send leaves it out). The user's own
 * values, when they cover every required field, replace the operator's; they are never mixed, so
 * an operator's secret (a SearXNG key) never goes to a server the user named. Optional settings
 * that are no secret (a base URL, a model) come from the env either way.
 */
export function builtinCredentials(key: string, { env, user }: BuiltinValues): Record<string, string> | null {
  const tool = BUILTIN_TOOLS.find((candidate) => candidate.pluginKey === key);
  if (!tool) return null;
  const own = user ? requiredFrom(tool, user) : null;
  const credentials = own ?? requiredFrom(tool, env);
  if (!credentials) return null;
  for (const { name, secret } of tool.optional) {
    const value = env[name];
    if (isSet(value) && !(own && secret)) credentials[name] = value.trim();
  }
  return credentials;
}

/** The ToolSpec of a built-in tool for a run, or null when it does not exist or cannot run. */
export function builtinToolSpec(key: string, values: BuiltinValues): ToolSpec | null {
  const tool = BUILTIN_TOOLS.find((candidate) => candidate.pluginKey === key);
  const credentials = builtinCredentials(key, values);
  return tool && credentials ? tool.spec(credentials) : null;
}
