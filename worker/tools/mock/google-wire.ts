/**
 * Gemini `streamGenerateContent?alt=sse` wire shapes for the mock provider: one
 * GenerateContentResponse per `data:` line, CRLF-framed, and Google's error documents.
 */
import { randomBytes } from 'node:crypto';
import type { FailureStatus } from './behaviour';
import type { ReplyUsage, WireBytes, WireRenderer } from './reply-player';
import { mockSignature } from './tool-conversation';

export interface GoogleErrorDocument {
  error: { code: number; message: string; status: string; details?: Array<Record<string, unknown>> };
}

const HARM_CATEGORIES = [
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
];

/** Google frames its events with CRLF line endings. */
function sse(payload: object): string {
  return `data: ${JSON.stringify(payload)}\r\n\r\n`;
}

/** Ratings as Gemini reports them: all negligible, except DANGEROUS_CONTENT when something is blocked. */
function safetyRatings(blocked: boolean): Array<Record<string, unknown>> {
  return HARM_CATEGORIES.map((category) =>
    blocked && category === 'HARM_CATEGORY_DANGEROUS_CONTENT'
      ? { category, probability: 'HIGH', blocked: true }
      : { category, probability: 'NEGLIGIBLE' },
  );
}

export function googleRenderer(model: string, thinking: boolean): WireRenderer {
  const responseId = randomBytes(16).toString('base64url');
  const usageMetadata = (usage: ReplyUsage, output = usage.outputTokens) => ({
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: output,
    totalTokenCount: usage.inputTokens + output,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: usage.inputTokens }],
  });
  let calls = 0;
  const chunk = (parts: Array<Record<string, unknown>>) =>
    sse({ candidates: [{ content: { parts, role: 'model' }, index: 0 }], modelVersion: model, responseId });
  return {
    contentType: 'text/event-stream',
    start: () => [],
    // Thought summaries come only when the request asked for them (thinkingConfig.includeThoughts).
    reasoning: (piece): WireBytes[] => (thinking ? [chunk([{ text: piece, thought: true }])] : []),
    text: (piece) => [chunk([{ text: piece }])],
    streamError: () => [sse(errorDocument(503).body)],
    blocked: (kind, usage) =>
      kind === 'prompt'
        ? [
            sse({
              promptFeedback: { blockReason: 'SAFETY', safetyRatings: safetyRatings(true) },
              usageMetadata: { promptTokenCount: usage.inputTokens, totalTokenCount: usage.inputTokens },
              modelVersion: model,
              responseId,
            }),
          ]
        : [
            sse({
              candidates: [{ finishReason: 'SAFETY', index: 0, safetyRatings: safetyRatings(true) }],
              usageMetadata: usageMetadata(usage),
              modelVersion: model,
              responseId,
            }),
          ],
    // Like Gemini 2.5: no call id, and the thought signature on the first call part of the turn only.
    toolCall: (call) => {
      const first = calls++ === 0;
      const part = {
        functionCall: { name: call.name, args: argsObject(call.args) },
        ...(first ? { thoughtSignature: mockSignature(`gemini:${call.name}`) } : {}),
      };
      return [chunk([part])];
    },
    // The last chunk carries the finish reason (STOP after function calls too) and the final
    // counts; its text may be empty.
    finish: (usage) => [
      sse({
        candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
        usageMetadata: usageMetadata(usage),
        modelVersion: model,
        responseId,
      }),
    ],
  };
}

function argsObject(args: string): unknown {
  try {
    return JSON.parse(args);
  } catch {
    return {};
  }
}

/** Google's error answers, by the mock's failure status (503 for the mid-stream overload). */
export function errorDocument(
  status: FailureStatus | 404 | 503,
  detail?: string,
): { status: number; body: GoogleErrorDocument } {
  switch (status) {
    case 401:
      // Google answers a bad key with 400 INVALID_ARGUMENT and the reason API_KEY_INVALID, never 401.
      return {
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            status: 'INVALID_ARGUMENT',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: 'API_KEY_INVALID',
                domain: 'googleapis.com',
                metadata: { service: 'generativelanguage.googleapis.com' },
              },
            ],
          },
        },
      };
    case 400:
      return {
        status,
        body: {
          error: {
            code: 400,
            message:
              detail ?? 'The input token count (1198472) exceeds the maximum number of tokens allowed (1048575).',
            status: 'INVALID_ARGUMENT',
          },
        },
      };
    case 429:
      return {
        status,
        body: {
          error: {
            code: 429,
            message:
              'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
            status: 'RESOURCE_EXHAUSTED',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
                violations: [
                  {
                    quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                    quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier',
                  },
                ],
              },
            ],
          },
        },
      };
    case 404:
      return { status, body: { error: { code: 404, message: detail ?? 'Not found.', status: 'NOT_FOUND' } } };
    case 500:
      return {
        status,
        body: {
          error: {
            code: 500,
            message:
              'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
            status: 'INTERNAL',
          },
        },
      };
    case 503:
      return {
        status,
        body: {
          error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' },
        },
      };
  }
}
