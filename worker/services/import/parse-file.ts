import { ERROR_CODES } from '../../contract/errors';
import { HttpError } from '../../http-error';
import { ImportBudget } from './budget';
import { isChatbotUiExport, parseChatbotUi } from './parse-chatbot-ui';
import { isChatGptExport, parseChatGpt } from './parse-chatgpt';
import { isLibreChatExport, parseLibreChat } from './parse-librechat';
import type { ParsedFile } from './types';

export const UNSUPPORTED_FORMAT_MESSAGE =
  'Unsupported import format: expected a LibreChat export, a ChatGPT conversations.json or a chatbot-ui export.';

/** The file's text as JSON; a byte-order mark (some editors add one) is not an error. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw new HttpError(400, 'The file is not valid JSON.', ERROR_CODES.validation);
  }
}

/** The format is recognised by the file's structure alone, never by its name. */
export function parseImportFile(data: unknown, budget = new ImportBudget()): ParsedFile {
  if (isChatGptExport(data)) return parseChatGpt(data, budget);
  if (isChatbotUiExport(data)) return parseChatbotUi(data, budget);
  if (isLibreChatExport(data)) return parseLibreChat(data, budget);
  throw new HttpError(400, UNSUPPORTED_FORMAT_MESSAGE, ERROR_CODES.validation);
}
