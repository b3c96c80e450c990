/**
 * Whether a model can see images, decided the same way by the composer (before anything is
 * uploaded) and by the send (the authority). Model names are matched, case-insensitively, against
 * the families whose providers document image input; a provider prefix or suffix does not matter
 * (`anthropic.claude-3-haiku-…` on Bedrock, `llava:13b` on Ollama, `openai/gpt-4o` on OpenRouter).
 * Variants of those families documented as text-only are excluded. A model this list does not
 * know is taken as text-only; the operator names more in `visionModels` (see the README).
 */

/** Image types the model modules hand to a provider as images; other images (SVG) are files. */
export const MODEL_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export const isModelImageType = (type: string): boolean => MODEL_IMAGE_TYPES.includes(type.toLowerCase());

/** A name starts here: the whole name, or after a provider prefix. */
const START = '(?:^|[/.:_ ])';

interface VisionFamily {
  match: RegExp;
  /** Members of the family that take text only. */
  except?: RegExp;
}

const VISION_FAMILIES: readonly VisionFamily[] = [
  // OpenAI. GPT-4o's audio, realtime, speech and search variants take no images; neither do the
  // GPT-4 Turbo previews (only the April 2024 release added vision), o1-mini, o1-preview, o3-mini.
  { match: /gpt-4o/i, except: /audio|realtime|transcribe|tts|search/i },
  { match: /gpt-4-turbo/i, except: /preview/i },
  { match: /gpt-4-vision/i },
  { match: /gpt-4\.1|gpt-4\.5|gpt-5/i },
  { match: new RegExp(`${START}o1(?:$|[-:])`, 'i'), except: /o1-(mini|preview)/i },
  { match: new RegExp(`${START}o3(?:$|[-:])`, 'i'), except: /o3-mini/i },
  { match: new RegExp(`${START}o4-mini`, 'i') },
  // Anthropic: every Claude 3 model, and the Claude 4 generation's Opus, Sonnet and Haiku.
  { match: /claude-3/i },
  { match: /claude-(opus|sonnet|haiku)-4|claude-4/i },
  // Google: every Gemini except the first text-only Gemini 1.0 Pro; Gemma 3 from 4B up.
  { match: /gemini/i, except: /gemini-(1\.0-)?pro(-\d+)?$|embedding/i },
  { match: /gemma-?3/i, except: /gemma-?3[-:]1b|gemma-?3n/i },
  // Open models with image input, as Ollama, vLLM, Groq, Together or OpenRouter name them.
  { match: /llava|bakllava|moondream|minicpm-v|pixtral|qvq|qwen[\d.]*-?vl/i },
  { match: /llama-?3\.2.*vision|llama-?4/i },
  { match: /mistral-small-(3\.[12]|250[3-9])|mistral-medium-(3|250[5-9])/i },
  // xAI: the vision models by name, and Grok 4, which reads images.
  { match: /grok.*vision|grok-4/i },
  // Amazon Nova: Lite, Pro and Premier read images (Micro is text-only).
  { match: /nova-(lite|pro|premier)/i },
];

/**
 * Whether `model` can see images. `operatorModels` are the endpoint's `visionModels` from the
 * config: a model whose name contains one of them (case-insensitively) sees images too.
 */
export function modelSeesImages(model: string, operatorModels: readonly string[] = []): boolean {
  const name = model.trim();
  if (name === '') return false;
  const lower = name.toLowerCase();
  if (operatorModels.some((entry) => entry.trim() !== '' && lower.includes(entry.trim().toLowerCase()))) return true;
  return VISION_FAMILIES.some((family) => family.match.test(name) && !family.except?.test(name));
}
